import { bytesToHex, hexToBytes, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import vectors from '@/testing/vectors/ledger/eip7702-authorization.json';
import { authorizationApdu, authorizationStruct, signLedgerAuthorization, signsEip7702 } from './authorization';
import type { Exchange } from './ethApp';
import { INS_SIGN_AUTHORIZATION, INS_SIGN_TRANSACTION, statusError } from './statusWords';

const path = "m/44'/60'/0'/0/0";
const metaMask = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B';

/** An exchange that answers every APDU with `answer` (hex, status word included) and keeps what it was sent. */
function answering(answer: string): Exchange & { sent: string[] } {
  const sent: string[] = [];
  const exchange = async (apdu: Uint8Array) => {
    sent.push(bytesToHex(apdu));
    return hexToBytes(`0x${answer}`);
  };
  return Object.assign(exchange, { sent });
}

describe('the Ledger Ethereum app’s SIGN EIP 7702 AUTHORIZATION request (E0 34)', () => {
  it('encodes what Ledger’s own SDK test sends, byte for byte', () => {
    const [request] = vectors.requests;
    if (!request) throw new Error('no vector');
    const { path: given, delegate, chainId, nonce } = request.inputs;
    const apdu = authorizationApdu(`m/${given}`, { address: delegate as `0x${string}`, chainId, nonce });
    expect(bytesToHex(apdu.subarray(5))).toBe(`0x${request.data}`);
    expect(bytesToHex(apdu)).toBe(`0x${request.apdu}`);
  });

  it('follows the documented layout: header, path, struct size, then version, delegate, chain id and nonce', () => {
    const apdu = authorizationApdu(path, { address: metaMask, chainId: 31337, nonce: 0x0102 });
    const expected = [
      'e0340100', // CLA E0, INS 34, P1 01 (first chunk), P2 00
      '44', // Lc: 68 bytes of data
      '05', // five path levels, each 4 bytes big-endian (hardened + 0x80000000)
      '8000002c8000003c800000000000000000000000',
      '002d', // the struct's size, 2 bytes big-endian: 45
      '000101', // STRUCT_VERSION = 1
      `0114${metaMask.slice(2).toLowerCase()}`, // DELEGATE_ADDR, 20 bytes
      '02080000000000007a69', // CHAIN_ID, uint64 big-endian
      '03080000000000000102', // NONCE, uint64 big-endian
    ].join('');
    expect(bytesToHex(apdu)).toBe(`0x${expected}`);
    // Undoing an upgrade names address zero.
    expect(bytesToHex(authorizationStruct({ address: zeroAddress, chainId: 1, nonce: 0 }).subarray(3, 25))).toBe(
      `0x0114${'00'.repeat(20)}`,
    );
  });

  it('refuses what the app cannot take: a negative or fractional number, not an address', () => {
    expect(() => authorizationStruct({ address: metaMask, chainId: 1, nonce: -1 })).toThrow(RangeError);
    expect(() => authorizationStruct({ address: metaMask, chainId: 1.5, nonce: 0 })).toThrow(RangeError);
    expect(() => authorizationStruct({ address: '0x1234' as `0x${string}`, chainId: 1, nonce: 0 })).toThrow(RangeError);
  });

  it('reads the answer’s parity, r and s, and refuses a parity other than 0 or 1', async () => {
    const r = '11'.repeat(32);
    const s = '22'.repeat(32);
    const authorization = { address: metaMask, chainId: 1, nonce: 3 } as const;
    const exchange = answering(`01${r}${s}9000`);
    expect(await signLedgerAuthorization(exchange, path, authorization, '1.19.3')).toEqual({
      yParity: 1,
      r: `0x${r}`,
      s: `0x${s}`,
    });
    expect(exchange.sent).toEqual([bytesToHex(authorizationApdu(path, authorization))]);
    await expect(
      signLedgerAuthorization(answering(`1b${r}${s}9000`), path, authorization, '1.19.3'),
    ).rejects.toMatchObject({ code: 'DEVICE_ANSWER' });
    await expect(signLedgerAuthorization(answering(`01${r}9000`), path, authorization, '1.19.3')).rejects.toMatchObject(
      { code: 'DEVICE_ANSWER' },
    );
  });
});

describe('what the app’s refusals become', () => {
  const authorization = { address: metaMask, chainId: 1, nonce: 3 } as const;
  const refusal = (answer: string, version: string) =>
    signLedgerAuthorization(answering(answer), path, authorization, version).catch((error: unknown) => error);

  it('knows from 1.17.0 on, and refuses an older app before asking it', async () => {
    expect(signsEip7702('1.16.0')).toBe(false);
    expect(signsEip7702('1.17.0')).toBe(true);
    expect(signsEip7702('1.22.0')).toBe(true);
    const exchange = answering('9000');
    await expect(signLedgerAuthorization(exchange, path, authorization, '1.16.0')).rejects.toMatchObject({
      code: 'DEVICE_REFUSED',
      shortMessage: expect.stringContaining('Ledger Live'),
    });
    expect(exchange.sent).toEqual([]);
    // An app that says it is newer but knows no such instruction: too old all the same.
    expect(await refusal('6d00', '1.17.0')).toMatchObject({
      code: 'DEVICE_REFUSED',
      shortMessage: expect.stringContaining('1.17.0 or later'),
    });
  });

  it('says the setting is off or the delegate not on Ledger’s list (6980, from 1.20.0), and that nothing was signed', async () => {
    const error = await refusal('6980', '1.20.0');
    expect(error).toMatchObject({ code: 'SMART_SIGNER_CANNOT' });
    const words = (error as Error).message;
    expect(words).toContain('Smart account upgrade');
    expect(words).toContain('not on Ledger’s list');
    expect(words).toContain('Nothing was signed');
  });

  it('reads 6985 as the person’s reject from 1.20.0, and as either reject or refusal before', async () => {
    expect(await refusal('6985', '1.22.0')).toMatchObject({ code: 'DEVICE_REJECTED' });
    const older = await refusal('6985', '1.19.3');
    expect(older).toMatchObject({ code: 'SMART_SIGNER_CANNOT' });
    expect((older as Error).message).toContain('If you did not reject it yourself');
    expect((older as Error).message).toContain('Smart account upgrade');
  });

  it('keeps its meaning for other instructions: 6980 and 6d00 are no authorization refusal elsewhere', () => {
    expect(statusError(0x6980, INS_SIGN_AUTHORIZATION)).toMatchObject({ code: 'SMART_SIGNER_CANNOT' });
    expect(statusError(0x6980, INS_SIGN_TRANSACTION)).toMatchObject({ code: 'DEVICE_ANSWER' });
    expect(statusError(0x6d00, INS_SIGN_TRANSACTION)).toMatchObject({ code: 'DEVICE_APP_NOT_OPEN' });
    expect(statusError(0x6985, INS_SIGN_TRANSACTION)).toMatchObject({ code: 'DEVICE_REJECTED' });
    // An app older than 1.17.0 given a set-code transaction (type 4).
    expect(statusError(0x6501, INS_SIGN_TRANSACTION)).toMatchObject({
      code: 'DEVICE_REFUSED',
      shortMessage: expect.stringContaining('Ledger Live'),
    });
  });
});
