// Known-answer tests: the EIP-155 worked example and the ethers.js transaction cases, serialised and
// signed byte for byte (viem's account and Cairn's vault account), then decoded back.
import { type Address, type Hex, hexToBytes, keccak256, type LocalAccount, serializeTransaction } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { vaultAccount } from '../../testing/vaultAccount';
import eip155 from '../../testing/vectors/transactions/eip155-example.json';
import ethersCases from '../../testing/vectors/transactions/ethers-testcases-transactions-subset.json';
import type { OfflineTx } from './offlineTx';
import { decodeRawTransaction } from './rawTx';
import { signOffline } from './signOffline';
import { buildUnsignedTx } from './unsignedTx';

type EthersTx = {
  to?: string;
  nonce?: number;
  gasLimit?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  data?: string;
  value?: string;
  accessList?: { address: string; storageKeys: string[] }[];
  chainId?: string;
};
type Kind = 'Legacy' | 'Eip155' | 'Berlin' | 'London';
type EthersCase = { name: string; transaction: EthersTx; privateKey: Hex } & Record<
  `unsigned${Kind | 'Cancun'}`,
  string
> &
  Record<`signed${Kind | 'Cancun'}`, string> &
  Record<`signature${Kind}`, { r: string; s: string; v: string }>;

const cases = ethersCases as unknown as EthersCase[];
const KINDS: Kind[] = ['Legacy', 'Eip155', 'Berlin', 'London'];

const big = (hex: string | undefined) => (hex === undefined ? 0n : BigInt(hex));

/** The record's transaction as viem fields. Absent fields are zero / empty, as ethers encodes them. */
function txFor(record: EthersCase, kind: Kind) {
  const t = record.transaction;
  const common = {
    chainId: t.chainId === undefined ? 0 : Number(t.chainId),
    nonce: t.nonce ?? 0,
    to: (t.to ?? null) as Address | null,
    value: big(t.value),
    gas: big(t.gasLimit),
    data: (t.data ?? '0x') as Hex,
  };
  const accessList = (t.accessList ?? []) as { address: Address; storageKeys: Hex[] }[];
  switch (kind) {
    case 'Legacy': {
      const { chainId: _ignored, ...legacy } = common;
      return { ...legacy, type: 'legacy' as const, gasPrice: big(t.gasPrice) };
    }
    case 'Eip155':
      return { ...common, type: 'legacy' as const, gasPrice: big(t.gasPrice) } satisfies OfflineTx;
    case 'Berlin':
      return { ...common, type: 'eip2930' as const, gasPrice: big(t.gasPrice), accessList } satisfies OfflineTx;
    case 'London':
      return {
        ...common,
        type: 'eip1559' as const,
        maxFeePerGas: big(t.maxFeePerGas),
        maxPriorityFeePerGas: big(t.maxPriorityFeePerGas),
        accessList,
      } satisfies OfflineTx;
  }
}

function signers(privateKey: Hex): [string, LocalAccount][] {
  const viemAccount = privateKeyToAccount(privateKey);
  return [
    ['viem privateKeyToAccount', viemAccount],
    ['Cairn vaultAccount', vaultAccount(viemAccount.address, async () => hexToBytes(privateKey))],
  ];
}

describe('EIP-155 worked example', () => {
  it('builds from typed fields the signing data and hash, and signs to the exact bytes, v, r and s', async () => {
    const t = eip155.transaction;
    const built = buildUnsignedTx({
      type: 'legacy',
      chainId: String(t.chainId),
      nonce: String(t.nonce),
      to: t.to,
      value: '1',
      gasLimit: String(t.gasLimit),
      gasPrice: '20',
      data: '',
    });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    expect(built.tx.value).toBe(BigInt(t.value));
    expect(built.tx.type === 'legacy' && built.tx.gasPrice).toBe(BigInt(t.gasPrice));
    const signingData = serializeTransaction(built.tx);
    expect(signingData).toBe(eip155.signingData);
    expect(keccak256(signingData)).toBe(eip155.signingHash);

    for (const [, account] of signers(eip155.privateKey as Hex)) {
      const signed = await signOffline(account, built.tx);
      expect(signed.raw).toBe(eip155.signedTransaction);
      expect(signed.hash).toBe(keccak256(eip155.signedTransaction as Hex));
      const decoded = decodeRawTransaction(signed.raw);
      expect(decoded.signingHash).toBe(eip155.signingHash);
      expect(decoded.v).toBe(BigInt(eip155.v));
      expect(decoded.r).toBe(eip155.r_hex);
      expect(decoded.s).toBe(eip155.s_hex);
      expect(BigInt(decoded.r)).toBe(BigInt(eip155.r));
      expect(BigInt(decoded.s)).toBe(BigInt(eip155.s));
      expect(decoded.chainId).toBe(1n);
      expect(decoded.from).toBe(signed.from);
    }
  });
});

describe('ethers transaction cases', () => {
  it('holds 61 records', () => {
    expect(cases).toHaveLength(61);
  });

  for (const record of cases) {
    const address = privateKeyToAccount(record.privateKey).address;
    for (const kind of KINDS) {
      const unsigned = record[`unsigned${kind}`];
      const signedBytes = record[`signed${kind}`] as Hex;
      if (unsigned === '') continue; // ethers gives no EIP-155 form without a chain id
      const typedWithoutChain = kind !== 'Legacy' && record.transaction.chainId === undefined;

      if (typedWithoutChain) {
        // viem (and Cairn) refuse to serialise a typed transaction for chain id 0, so these bytes
        // cannot be produced here; they are still decoded below.
        it.skip(`${record.name} ${kind}: serialise and sign (chain id 0: not signable by viem or Cairn)`, () => {});
      } else {
        it(`${record.name} ${kind}: serialises and signs byte for byte`, async () => {
          const tx = txFor(record, kind);
          expect(serializeTransaction(tx)).toBe(unsigned);
          for (const [name, account] of signers(record.privateKey)) {
            if (kind === 'Legacy' && name.startsWith('Cairn')) {
              // Pre-EIP-155: Cairn's signer itself refuses a transaction without a chain id.
              await expect(account.signTransaction(tx), name).rejects.toMatchObject({ code: 'INPUT_UNSIGNED_TX' });
              continue;
            }
            const signed =
              kind === 'Legacy' ? await account.signTransaction(tx) : (await signOffline(account, tx as OfflineTx)).raw;
            expect(signed, name).toBe(signedBytes);
          }
        });
      }

      it(`${record.name} ${kind}: decodes every field and recovers the signer`, () => {
        const decoded = decodeRawTransaction(signedBytes);
        const t = record.transaction;
        const signature = record[`signature${kind}`];
        expect(decoded.from).toBe(address);
        expect(decoded.hash).toBe(keccak256(signedBytes));
        expect(decoded.raw).toBe(signedBytes);
        expect(decoded.type).toBe({ Legacy: 'legacy', Eip155: 'legacy', Berlin: 'eip2930', London: 'eip1559' }[kind]);
        expect(decoded.chainId).toBe(kind === 'Legacy' ? undefined : big(t.chainId));
        expect(decoded.nonce).toBe(BigInt(t.nonce ?? 0));
        expect(decoded.to).toBe(t.to ?? null);
        expect(decoded.value).toBe(big(t.value));
        expect(decoded.gas).toBe(big(t.gasLimit));
        expect(decoded.data).toBe((t.data ?? '0x').toLowerCase());
        if (kind === 'London') {
          expect(decoded.maxFeePerGas).toBe(big(t.maxFeePerGas));
          expect(decoded.maxPriorityFeePerGas).toBe(big(t.maxPriorityFeePerGas));
        } else {
          expect(decoded.gasPrice).toBe(big(t.gasPrice));
        }
        if (kind === 'Berlin' || kind === 'London') expect(decoded.accessList).toEqual(t.accessList ?? []);
        expect(BigInt(decoded.r)).toBe(BigInt(signature.r));
        expect(BigInt(decoded.s)).toBe(BigInt(signature.s));
        if (kind === 'Legacy' || kind === 'Eip155') expect(decoded.v).toBe(BigInt(signature.v));
        else expect(BigInt(decoded.yParity)).toBe(BigInt(signature.v));
      });
    }

    if (record.signedCancun !== '') {
      it(`${record.name} Cancun: refuses the blob transaction with a reason`, () => {
        expect(() => decodeRawTransaction(record.signedCancun)).toThrow(/blob transaction \(type 3, EIP-4844\)/);
        expect(() => decodeRawTransaction(record.unsignedCancun)).toThrow(/blob transaction/);
      });
    }
  }

  it('signOffline refuses a transaction without a chain id (the pre-EIP-155 form)', async () => {
    const [record] = cases;
    if (!record) throw new Error('no record');
    const tx = { ...txFor(record, 'Eip155'), chainId: 0 } as OfflineTx;
    await expect(signOffline(privateKeyToAccount(record.privateKey), tx)).rejects.toMatchObject({
      code: 'INPUT_UNSIGNED_TX',
    });
  });

  it('decodes the unsigned forms as "not signed"', () => {
    for (const record of cases.slice(0, 5)) {
      for (const kind of KINDS) {
        const unsigned = record[`unsigned${kind}`];
        if (unsigned === '') continue;
        expect(() => decodeRawTransaction(unsigned), `${record.name} ${kind}`).toThrow(/not signed/);
      }
    }
  });
});
