import { parseEther, parseGwei, parseSignature, zeroAddress } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { recoverAuthorizationAddress } from 'viem/utils';
import { describe, expect, it, vi } from 'vitest';
import { createSoftwareLedger } from '@/testing/softwareLedger';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { type SignRequest, signWithKey } from '../signing/keySigner';
import { DELEGATION_CONTRACTS } from '../smartAccount/delegates';
import { QUESTION_MS } from './ethApp';
import { blindSigns, signWithLedger, typedDataHashes } from './ledgerSigner';

const path = "m/44'/60'/0'/0/0";
const local = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });
const account = { address: local.address, path };
const key = async () => (local.getHdKey().privateKey as Uint8Array).slice();
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const eip1559 = {
  kind: 'transaction',
  transaction: {
    type: 'eip1559',
    chainId: 31337,
    nonce: 7,
    to,
    value: parseEther('1.25'),
    gas: 21_000n,
    maxFeePerGas: parseGwei('30'),
    maxPriorityFeePerGas: parseGwei('1'),
  },
} as const;
const legacy = {
  kind: 'transaction',
  transaction: { type: 'legacy', chainId: 137, nonce: 300, to, value: 1n, gas: 21_000n, gasPrice: parseGwei('40') },
} as const;

describe('signing with a Ledger (a software Ethereum app)', () => {
  it('signs transactions, messages and typed data exactly as the key itself would', async () => {
    const ledger = createSoftwareLedger();
    const message = { kind: 'message', message: 'Log in to example.org' } as const;
    const long = { kind: 'message', message: 'x'.repeat(400) } as const;
    const typed = { kind: 'typedData', typedData: mail.typedData as never } as const;
    for (const request of [eip1559, legacy, message, long, typed])
      expect(await signWithLedger(ledger.exchange, account, request)).toBe(await signWithKey(key, request));
  });

  it('asks which app runs before anything else, and says to open the Ethereum app or close another one', async () => {
    const ledger = createSoftwareLedger();
    ledger.setMood('dashboard');
    await expect(signWithLedger(ledger.exchange, account, eip1559)).rejects.toMatchObject({
      code: 'DEVICE_APP_NOT_OPEN',
    });
    ledger.setMood('bitcoin');
    await expect(signWithLedger(ledger.exchange, account, eip1559)).rejects.toMatchObject({
      code: 'DEVICE_WRONG_APP',
      shortMessage: expect.stringContaining('Bitcoin'),
    });
    expect(ledger.seen.every((apdu) => apdu.startsWith('0xb001'))).toBe(true);
  });

  it('refuses before asking when the Ledger connected does not hold the account (another device or passphrase)', async () => {
    const other = createSoftwareLedger('legal winner thank year wave sausage worth useful legal winner thank yellow');
    await expect(signWithLedger(other.exchange, account, eip1559)).rejects.toMatchObject({
      code: 'DEVICE_OTHER_ACCOUNT',
      shortMessage: expect.stringContaining(path),
    });
    expect(other.seen.some((apdu) => apdu.startsWith('0xe004'))).toBe(false);
  });

  it('says so when the Ledger does not answer the questions asked before signing (asleep, on its PIN screen)', async () => {
    vi.useFakeTimers();
    try {
      const silent = () => new Promise<Uint8Array>(() => {});
      const refused = expect(signWithLedger(silent, account, eip1559)).rejects.toMatchObject({ code: 'DEVICE_BUSY' });
      await vi.advanceTimersByTimeAsync(QUESTION_MS);
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a decline on the device, a signature by another key and one over other data into refusals', async () => {
    const ledger = createSoftwareLedger();
    ledger.setMood('declines');
    await expect(signWithLedger(ledger.exchange, account, eip1559)).rejects.toMatchObject({ code: 'DEVICE_REJECTED' });
    ledger.setMood('otherKey');
    await expect(signWithLedger(ledger.exchange, account, eip1559)).rejects.toMatchObject({ code: 'INPUT_SIGNATURE' });
    // The account's own key over other bytes: refused as well.
    ledger.setMood('otherData');
    await expect(signWithLedger(ledger.exchange, account, eip1559)).rejects.toMatchObject({ code: 'INPUT_SIGNATURE' });
  });

  it('refuses a contract call before asking when blind signing is off, and signs typed data in full on apps that can', async () => {
    const call = { kind: 'transaction', transaction: { ...eip1559.transaction, data: '0xa9059cbb' } } as const;
    expect(blindSigns(call, { version: '1.12.0' })).toBe(true);
    expect(blindSigns(eip1559, { version: '1.12.0' })).toBe(false);
    const ledger = createSoftwareLedger(undefined, '1.9.18');
    await expect(signWithLedger(ledger.exchange, account, call)).rejects.toMatchObject({
      code: 'DEVICE_BLIND_SIGNING_OFF',
    });
    expect(ledger.seen.some((apdu) => apdu.startsWith('0xe004'))).toBe(false);
    ledger.setBlindSigning(true);
    expect(await signWithLedger(ledger.exchange, account, call)).toBe(await signWithKey(key, call));

    const typed = { kind: 'typedData', typedData: mail.typedData as never } as const;
    expect(blindSigns(typed, { version: '1.9.18' })).toBe(true);
    expect(blindSigns(typed, { version: '1.9.19' })).toBe(false);
    const newer = createSoftwareLedger(undefined, '1.12.0');
    // This software app knows only the hashed form: what matters is that the full form is asked.
    await signWithLedger(newer.exchange, account, typed).catch(() => undefined);
    expect(newer.seen.find((apdu) => apdu.startsWith('0xe01a') || apdu.startsWith('0xe00c'))).toMatch(/^0xe01a/);
  });

  it('computes the two hashes a Ledger shows for typed data as EIP-712 defines them', () => {
    const { domainHash, messageHash } = typedDataHashes(mail.typedData as never);
    // EIP-712's own example (Mail from Cow to Bob).
    expect(domainHash).toBe('0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f');
    expect(messageHash).toBe('0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e');
  });
});

describe('EIP-7702 with a Ledger (a software Ethereum app that answers E0 34 with its own key)', () => {
  const upgrade = {
    kind: 'authorization',
    authorization: { chainId: 31337, address: DELEGATION_CONTRACTS.delegator, nonce: 8 },
  } as const satisfies SignRequest;
  const undo = { kind: 'authorization', authorization: { ...upgrade.authorization, address: zeroAddress } } as const;
  const ledgerAt = (version: string, setting = true) => {
    const ledger = createSoftwareLedger(undefined, version);
    ledger.setEip7702(setting);
    return ledger;
  };

  it('signs an upgrade to MetaMask’s delegate on the app versions that list it, as the key itself would', async () => {
    const ledger = ledgerAt('1.19.3');
    const signed = await signWithLedger(ledger.exchange, account, upgrade);
    expect(signed).toBe(await signWithKey(key, upgrade));
    const { r, s, yParity } = parseSignature(signed);
    const signer = await recoverAuthorizationAddress({
      authorization: {
        chainId: upgrade.authorization.chainId,
        contractAddress: upgrade.authorization.address,
        nonce: upgrade.authorization.nonce,
      },
      signature: { r, s, yParity: yParity ?? 0 },
    });
    expect(signer).toBe(account.address);
    expect(ledger.seen.filter((apdu) => apdu.startsWith('0xe034'))).toHaveLength(1);
  });

  it('undoes an upgrade on any version that signs authorizations, the newest too', async () => {
    expect(await signWithLedger(ledgerAt('1.22.0').exchange, account, undo)).toBe(await signWithKey(key, undo));
  });

  it('says why the app refuses: its setting off, or the delegate not on its list; nothing is signed', async () => {
    await expect(signWithLedger(ledgerAt('1.19.3', false).exchange, account, upgrade)).rejects.toMatchObject({
      code: 'SMART_SIGNER_CANNOT',
      shortMessage: expect.stringContaining('If you did not reject it yourself'),
    });
    for (const ledger of [ledgerAt('1.22.0', false), ledgerAt('1.22.0')])
      await expect(signWithLedger(ledger.exchange, account, upgrade)).rejects.toMatchObject({
        code: 'SMART_SIGNER_CANNOT',
        shortMessage: expect.stringContaining('Nothing was signed'),
      });
    const declined = ledgerAt('1.22.0');
    declined.setMood('declines');
    await expect(signWithLedger(declined.exchange, account, undo)).rejects.toMatchObject({ code: 'DEVICE_REJECTED' });
  });

  it('refuses an answer by another key or over another nonce, and an app too old to ask', async () => {
    const ledger = ledgerAt('1.19.3');
    ledger.setMood('otherKey');
    await expect(signWithLedger(ledger.exchange, account, upgrade)).rejects.toMatchObject({ code: 'INPUT_SIGNATURE' });
    ledger.setMood('otherData');
    await expect(signWithLedger(ledger.exchange, account, upgrade)).rejects.toMatchObject({ code: 'INPUT_SIGNATURE' });
    const old = ledgerAt('1.16.0');
    await expect(signWithLedger(old.exchange, account, upgrade)).rejects.toMatchObject({ code: 'DEVICE_REFUSED' });
    expect(old.seen.some((apdu) => apdu.startsWith('0xe034'))).toBe(false);
  });

  it('signs a set-code transaction (type 4) carrying an authorization from 1.17.0, and refuses it before asking an older app', async () => {
    const ledger = ledgerAt('1.19.3');
    const signedUpgrade = parseSignature(await signWithKey(key, upgrade));
    const setCode = {
      kind: 'transaction',
      transaction: {
        ...eip1559.transaction,
        type: 'eip7702',
        to: account.address,
        authorizationList: [
          { ...upgrade.authorization, r: signedUpgrade.r, s: signedUpgrade.s, yParity: signedUpgrade.yParity ?? 0 },
        ],
      },
    } as const satisfies SignRequest;
    expect(await signWithLedger(ledger.exchange, account, setCode)).toBe(await signWithKey(key, setCode));
    const old = ledgerAt('1.16.0');
    await expect(signWithLedger(old.exchange, account, setCode)).rejects.toMatchObject({
      code: 'DEVICE_REFUSED',
      shortMessage: expect.stringContaining('type 4'),
    });
    expect(old.seen.some((apdu) => apdu.startsWith('0xe004'))).toBe(false);
  });
});
