import { secp256k1 } from '@noble/curves/secp256k1';
import { type Hex, keccak256, numberToHex, parseGwei, toRlp } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { checkForNetwork } from './networkCheck';
import { decodeRawTransaction } from './rawTx';

const account = privateKeyToAccount(`0x${'46'.repeat(32)}`);
const recipient = '0x3535353535353535353535353535353535353535';
const N = secp256k1.CURVE.n;

const base1559 = {
  type: 'eip1559' as const,
  chainId: 1,
  nonce: 3,
  to: recipient,
  value: 5n,
  gas: 21_000n,
  maxFeePerGas: parseGwei('30'),
  maxPriorityFeePerGas: parseGwei('1'),
} as const;

/** Type-2 fields (chain 1, to the recipient, value 5, gas 21,000) with these fees and nonce, unsigned. */
function type2Fields(priorityFee: bigint, maxFee: bigint, nonce: Hex = '0x03'): Hex[] {
  return ['0x01', nonce, numberToHex(priorityFee), numberToHex(maxFee), '0x5208', recipient, '0x05', '0x', []] as never;
}

/** Signs typed fields by hand (type byte 2 or 4), for transactions viem refuses to sign. */
function signByHand(typeByte: 2 | 4, fields: unknown[]): Hex {
  const prefix: Hex = `0x0${typeByte}`;
  const hash = keccak256(`${prefix}${toRlp(fields as Hex[]).slice(2)}`);
  const sig = secp256k1.sign(hash.slice(2), `${'46'.repeat(32)}`, { lowS: true });
  const signature = [sig.recovery ? '0x01' : '0x', numberToHex(sig.r), numberToHex(sig.s)];
  return `${prefix}${toRlp([...fields, ...signature] as Hex[]).slice(2)}`;
}

function refusal(text: string): string {
  try {
    decodeRawTransaction(text);
    return 'accepted';
  } catch (error) {
    return (error as { code: string; shortMessage: string }).code === 'INPUT_RAW_TX'
      ? (error as { shortMessage: string }).shortMessage
      : `unexpected ${String(error)}`;
  }
}

/** A legacy EIP-155 transaction (chain 1) as RLP fields, signed, ready to tamper with. */
async function legacyFields(): Promise<Hex[]> {
  const raw = await account.signTransaction({
    type: 'legacy',
    chainId: 1,
    nonce: 9,
    to: recipient,
    value: 1n,
    gas: 21_000n,
    gasPrice: 1n,
  });
  return decodeFields(raw);
}

function decodeFields(raw: Hex): Hex[] {
  const decoded = decodeRawTransaction(raw);
  // Rebuild with viem so the test does not depend on the reader under test.
  return [
    numberToHex(decoded.nonce),
    numberToHex(decoded.gasPrice ?? 0n),
    numberToHex(decoded.gas),
    decoded.to ?? '0x',
    numberToHex(decoded.value),
    decoded.data,
    numberToHex(decoded.v ?? 0n),
    decoded.r,
    decoded.s,
  ].map((hex) => (hex === '0x0' ? '0x' : hex)) as Hex[];
}

describe('decodeRawTransaction: text', () => {
  it('refuses empty, non-hex and odd-length text with the reason', () => {
    expect(refusal('')).toMatch(/Paste a signed transaction/);
    expect(refusal('0x')).toMatch(/Paste a signed transaction/);
    expect(refusal('0xf86g')).toMatch(/"g" at position 4 is not a hex digit/);
    expect(refusal('0xf86')).toMatch(/even number of hex digits.*has 3/);
  });

  it('accepts the hex without 0x, in capitals, and wrapped over lines', async () => {
    const raw = await account.signTransaction(base1559);
    const wrapped = `  ${raw.slice(2, 40).toUpperCase()}\n${raw.slice(40)}  `;
    const decoded = decodeRawTransaction(wrapped);
    expect(decoded.raw).toBe(raw);
    expect(decoded.from).toBe(account.address);
  });
});

describe('decodeRawTransaction: fields', () => {
  it('decodes an EIP-1559 transaction: every field, the hash, the signer', async () => {
    const raw = await account.signTransaction({
      ...base1559,
      data: '0xabcdef',
      accessList: [{ address: recipient, storageKeys: [`0x${'00'.repeat(31)}01`] }],
      gas: 60_000n,
    });
    const decoded = decodeRawTransaction(raw);
    expect(decoded).toMatchObject({
      type: 'eip1559',
      chainId: 1n,
      nonce: 3n,
      to: recipient,
      value: 5n,
      gas: 60_000n,
      maxFeePerGas: parseGwei('30'),
      maxPriorityFeePerGas: parseGwei('1'),
      gasPrice: undefined,
      data: '0xabcdef',
      accessList: [{ address: recipient, storageKeys: [`0x${'00'.repeat(31)}01`] }],
      v: undefined,
      hash: keccak256(raw),
      from: account.address,
      intrinsicGas: 21_000n + 3n * 16n + 2_400n + 1_900n,
      problems: [],
      warnings: [],
    });
    expect([0, 1]).toContain(decoded.yParity);
  });

  it('reads a contract creation (no recipient)', async () => {
    const raw = await account.signTransaction({ ...base1559, to: undefined, data: '0x6000', gas: 100_000n });
    expect(decodeRawTransaction(raw).to).toBeNull();
  });

  it('lists what every node refuses although it decodes: gas below intrinsic, priority fee above max fee', async () => {
    const low = decodeRawTransaction(await account.signTransaction({ ...base1559, gas: 20_000n }));
    expect(inWords(low.problems)).toEqual([
      'This transaction needs at least 21,000 gas before it runs (21,000 for any transaction); the gas limit is 20,000.',
    ]);
    expect(inWords(checkForNetwork(low, 1))).toMatchObject({
      ok: false,
      refusal: expect.stringMatching(/needs at least 21,000 gas/),
    });

    // viem refuses to sign a tip above the fee cap; build the fields by hand and sign the hash.
    const raw = signByHand(2, type2Fields(parseGwei('2'), parseGwei('1')));
    expect(inWords(decodeRawTransaction(raw).problems)).toEqual([
      'The priority fee (2 gwei) cannot be above the max fee (1 gwei).',
    ]);
  });

  it('lists a nonce of 2^64 − 1 (EIP-2681), which decodes but no node takes', () => {
    const top = decodeRawTransaction(signByHand(2, type2Fields(parseGwei('1'), parseGwei('30'), '0xffffffffffffffff')));
    expect(top.nonce).toBe(2n ** 64n - 1n);
    expect(inWords(top.problems)).toEqual(['The nonce is 2^64 − 1, which EIP-2681 does not allow.']);
    const below = decodeRawTransaction(
      signByHand(2, type2Fields(parseGwei('1'), parseGwei('30'), '0xfffffffffffffffe')),
    );
    expect(below.problems).toEqual([]);
  });

  it('warns when the data needs more gas under the Prague floor (EIP-7623) than the gas limit', async () => {
    const data = `0x${'ff'.repeat(100)}` as Hex;
    // intrinsic 21,000 + 1,600; floor 21,000 + 10 × 400 = 25,000
    const decoded = decodeRawTransaction(await account.signTransaction({ ...base1559, data, gas: 23_000n }));
    expect(decoded.problems).toEqual([]);
    expect(inWords(decoded.warnings)).toEqual([
      'Networks with the Prague upgrade (EIP-7623) charge at least 25,000 gas for this much data; the gas limit is 23,000.',
    ]);
  });
});

describe('decodeRawTransaction: refusals', () => {
  it('refuses unsigned transactions', async () => {
    const { serializeTransaction } = await import('viem');
    expect(refusal(serializeTransaction(base1559))).toMatch(/not signed/);
    expect(
      refusal(
        serializeTransaction({ type: 'legacy', chainId: 1, nonce: 1, gas: 21_000n, gasPrice: 1n, to: recipient }),
      ),
    ).toMatch(/not signed/);
    expect(
      refusal(serializeTransaction({ type: 'legacy', nonce: 1, gas: 21_000n, gasPrice: 1n, to: recipient })),
    ).toMatch(/not signed/);
  });

  it('refuses a zero r or s, r or s not below n, and a high s (EIP-2)', async () => {
    const fields = await legacyFields();
    const withSig = (r: bigint, s: bigint, v = fields[6] as Hex) =>
      toRlp([...fields.slice(0, 6), v, r === 0n ? '0x' : numberToHex(r), s === 0n ? '0x' : numberToHex(s)]);
    const r = BigInt(fields[7] as Hex);
    const s = BigInt(fields[8] as Hex);
    expect(refusal(withSig(0n, s))).toMatch(/r is zero/);
    expect(refusal(withSig(r, 0n))).toMatch(/s is zero/);
    expect(refusal(withSig(N, s))).toMatch(/r is not below the secp256k1 curve order/);
    expect(refusal(withSig(r, N + 1n))).toMatch(/s is not below the secp256k1 curve order/);
    // The same signature with s mirrored (n − s) and the other parity recovers the same key but is refused.
    const flippedV = BigInt(fields[6] as Hex) === 37n ? '0x26' : '0x25';
    expect(refusal(withSig(r, N - s, flippedV))).toMatch(/s is in the upper half of the curve order/);
  });

  it('refuses a legacy v that is neither 27/28 nor EIP-155, and a typed y parity above 1', async () => {
    const fields = await legacyFields();
    const withV = (v: Hex) => toRlp([...fields.slice(0, 6), v, fields[7] as Hex, fields[8] as Hex]);
    expect(refusal(withV('0x1d'))).toMatch(/v = 29 is not valid/);
    expect(refusal(withV('0x23'))).toMatch(/v = 35 would mean chain id 0/);
    expect(refusal(withV('0x'))).toMatch(/v = 0 is not valid/);

    const raw = await account.signTransaction(base1559);
    const decoded = decodeRawTransaction(raw);
    const typed = type2Fields(parseGwei('1'), parseGwei('30'));
    const bad = `0x02${toRlp([...typed, '0x02', decoded.r, decoded.s]).slice(2)}`;
    expect(refusal(bad)).toMatch(/y parity must be 0 or 1; it is 2/);
  });

  it('refuses non-canonical RLP with the field named', async () => {
    const fields = await legacyFields();
    const encode = (replace: Record<number, string>) =>
      toRlp(fields.map((value, index) => (replace[index] ?? value) as Hex));
    // nonce 9 written as 0x81 0x09: rebuild the list header around the longer body.
    const body = `8109${encode({}).slice(8)}`;
    const prefixed = `0xf8${(body.length / 2).toString(16)}${body}`;
    expect(encode({}).slice(6, 8)).toBe('09');
    expect(refusal(prefixed)).toMatch(/^The nonce is not encoded canonically/);
    expect(refusal(encode({ 4: '0x0001' }))).toMatch(/^The value is written with a leading zero byte/);
    expect(refusal(encode({ 0: `0x01${'00'.repeat(8)}` }))).toMatch(/^The nonce is too large: 9 bytes, at most 8/);
    expect(refusal(encode({ 3: `0x${'35'.repeat(19)}` }))).toMatch(/recipient \(to\) must be 20 bytes; it has 19/);
    expect(refusal(`${encode({})}00`)).toMatch(/1 extra byte follow/);
    // The list length written in long form with a leading zero byte.
    expect(refusal(`0xf900${encode({}).slice(4)}`)).toMatch(/length of the list at byte 0 has a leading zero byte/);
    expect(refusal(encode({}).slice(0, -2))).toMatch(/the list at byte 0 claims 95 bytes but only 94 follow/);
    expect(refusal(toRlp([...fields.slice(0, 8)]))).toMatch(/legacy transaction has 9 fields; this one has 8/);
    expect(refusal(toRlp([fields[0] as Hex, [fields[1] as Hex], ...(fields.slice(2) as Hex[])]))).toMatch(
      /gas price must be a byte string/,
    );
  });

  it('refuses a bad access list entry with its position', async () => {
    const raw = await account.signTransaction({
      ...base1559,
      gas: 30_000n,
      accessList: [{ address: recipient, storageKeys: [`0x${'11'.repeat(32)}`] }],
    });
    const d = decodeRawTransaction(raw);
    const rebuild = (accessList: unknown) =>
      `0x02${toRlp(['0x01', '0x03', numberToHex(parseGwei('1')), numberToHex(parseGwei('30')), '0x7530', recipient, '0x05', '0x', accessList, d.yParity ? '0x01' : '0x', d.r, d.s] as never).slice(2)}`;
    expect(refusal(rebuild([[recipient, [`0x${'11'.repeat(31)}`]]]))).toMatch(
      /Access list entry 1, storage key 1 must be 32 bytes; it has 31/,
    );
    expect(refusal(rebuild([[recipient]]))).toMatch(
      /Access list entry 1 must hold exactly an address and a list of storage keys/,
    );
  });

  it('refuses blob, unknown and non-transaction first bytes', () => {
    expect(refusal('0x03c0')).toMatch(/blob transaction \(type 3, EIP-4844\)/);
    expect(refusal('0x05c0')).toMatch(/Unknown transaction type 0x05/);
    expect(refusal('0x00c0')).toMatch(/Unknown transaction type 0x00/);
    expect(refusal('0x8180')).toMatch(/not a transaction/);
    expect(refusal('0x0281ff')).toMatch(/not a transaction: after the type byte there must be a list/);
  });

  it('refuses a transaction larger than 128 KiB', () => {
    expect(refusal(`0x02${'00'.repeat(128 * 1024)}`)).toMatch(/131,073 bytes; nodes accept at most 131,072/);
  });
});

describe('EIP-7702 set-code transactions', () => {
  it('decodes the authorization list, recovers each authority and warns', async () => {
    const delegate = '0x1111111111111111111111111111111111111111';
    const authorization = await account.signAuthorization({ address: delegate, chainId: 1, nonce: 4 });
    const raw = await account.signTransaction({
      type: 'eip7702',
      chainId: 1,
      nonce: 3,
      to: account.address,
      gas: 80_000n,
      maxFeePerGas: parseGwei('30'),
      maxPriorityFeePerGas: parseGwei('1'),
      authorizationList: [authorization],
    });
    const decoded = decodeRawTransaction(raw);
    expect(decoded.type).toBe('eip7702');
    expect(decoded.from).toBe(account.address);
    expect(decoded.authorizationList).toEqual([
      expect.objectContaining({ chainId: 1n, address: delegate, nonce: 4n, authority: account.address }),
    ]);
    expect(decoded.intrinsicGas).toBe(21_000n + 25_000n);
    expect(inWords(decoded.warnings).join(' ')).toMatch(/set-code transaction/);
    expect(inWords(decoded.warnings).join(' ')).toContain(
      `makes account ${account.address} run the code at ${delegate}`,
    );
    expect(checkForNetwork(decoded, 1)).toMatchObject({ ok: true });
  });

  it('lists a set-code transaction with an empty authorization list, which no node takes', () => {
    // viem does not sign a type-4 transaction without authorizations: build it by hand.
    const [chainId, nonce, priorityFee, maxFee, gas, , value, data, accessList] = type2Fields(1n, 1n);
    const fields = [chainId, nonce, priorityFee, maxFee, gas, account.address, value, data, accessList, []];
    const decoded = decodeRawTransaction(signByHand(4, fields));
    expect(decoded.type).toBe('eip7702');
    expect(decoded.from).toBe(account.address);
    expect(inWords(decoded.problems)).toEqual(['A set-code transaction (type 4) needs at least one authorization.']);
    expect(checkForNetwork(decoded, 1)).toMatchObject({ ok: false });
  });
});

describe('checkForNetwork', () => {
  it('refuses another chain id, naming both', async () => {
    const decoded = decodeRawTransaction(await account.signTransaction({ ...base1559, chainId: 11_155_111 }));
    expect(inWords(checkForNetwork(decoded, 1, 'Ethereum'))).toEqual({
      ok: false,
      refusal:
        'This transaction is signed for chain id 11155111, but the selected network (Ethereum) is chain id 1. It can only be sent to the network it was signed for.',
      warnings: [],
    });
    expect(checkForNetwork(decoded, 11_155_111)).toEqual({ ok: true, warnings: [] });
  });

  it('warns that a legacy transaction without a chain id can be replayed anywhere', async () => {
    const raw = await account.signTransaction({ type: 'legacy', nonce: 1, gas: 21_000n, gasPrice: 1n, to: recipient });
    const check = checkForNetwork(decodeRawTransaction(raw), 31_337);
    expect(check.ok).toBe(true);
    expect(inWords(check.warnings)).toEqual([expect.stringMatching(/no chain id .*any network/)]);
  });
});
