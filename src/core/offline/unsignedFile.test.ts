import { encodeFunctionData, erc20Abi, parseGwei } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { inLanguage } from '@/testing/inWords';
import type { OfflineTx } from './offlineTx';
import { signOffline } from './signOffline';
import { MAX_UNSIGNED_FILE_CHARS, parseUnsignedFile, serializeUnsignedFile } from './unsignedFile';

const from = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const token = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const transfer: OfflineTx = {
  type: 'eip1559',
  chainId: 1,
  nonce: 42,
  to: token,
  value: 0n,
  gas: 65_000n,
  maxFeePerGas: parseGwei('31.5'),
  maxPriorityFeePerGas: parseGwei('1.25'),
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [from, 123_456_789n] }),
  accessList: [],
};

const legacy: OfflineTx = {
  type: 'legacy',
  chainId: 56,
  nonce: 0,
  to: from,
  value: 10n ** 18n + 1n,
  gas: 21_000n,
  gasPrice: 3_000_000_001n,
  data: '0x',
};

const berlin: OfflineTx = {
  type: 'eip2930',
  chainId: 11_155_111,
  nonce: 9_007_199_254_740_991,
  to: null,
  value: 0n,
  gas: 100_000n,
  gasPrice: 1n,
  data: '0x6000',
  accessList: [{ address: token, storageKeys: [`0x${'0a'.repeat(32)}`] }],
};

function problem(text: string): string {
  try {
    parseUnsignedFile(text);
    return 'accepted';
  } catch (error) {
    return `${(error as { code: string }).code}: ${(error as { shortMessage: string }).shortMessage}`;
  }
}

const good = () => JSON.parse(serializeUnsignedFile(transfer, { from })) as Record<string, unknown>;
const edited = (changes: Record<string, unknown>) => JSON.stringify({ ...good(), ...changes });

describe('unsigned transaction files', () => {
  it('round-trips every type, with and without the expected signer', () => {
    expect(parseUnsignedFile(serializeUnsignedFile(transfer, { from }))).toEqual({ tx: transfer, from });
    expect(parseUnsignedFile(serializeUnsignedFile(legacy))).toEqual({ tx: legacy, from: undefined });
    expect(parseUnsignedFile(serializeUnsignedFile(berlin))).toEqual({ tx: berlin, from: undefined });
  });

  it('writes compact JSON with decimal strings, small enough for a QR code', () => {
    const text = serializeUnsignedFile(transfer, { from });
    expect(text).toBe(
      `{"cairnUnsignedTx":1,"type":"eip1559","chainId":"1","nonce":"42","from":"${from}","to":"${token}","value":"0","gasLimit":"65000","maxFeePerGas":"31500000000","maxPriorityFeePerGas":"1250000000","data":"${transfer.data}"}`,
    );
    expect(new TextEncoder().encode(text).length).toBeLessThan(2_000);
    expect(serializeUnsignedFile(berlin)).toContain('"to":null');
  });

  it('imports to the same signed bytes as the original', async () => {
    const account = privateKeyToAccount(`0x${'46'.repeat(32)}`);
    const imported = parseUnsignedFile(serializeUnsignedFile(transfer, { from: account.address }));
    expect(await signOffline(account, imported.tx)).toEqual(await signOffline(account, transfer));
  });

  it('refuses what is not a Cairn file, or another version of it', () => {
    expect(problem('not json')).toBe(
      'INPUT_UNSIGNED_TX: This is not a Cairn unsigned transaction file: it is not JSON.',
    );
    expect(problem('[1]')).toBe(
      'INPUT_UNSIGNED_TX: This is not a Cairn unsigned transaction file: it must be a JSON object.',
    );
    expect(problem('null')).toMatch(/must be a JSON object/);
    expect(problem('{"type":"eip1559"}')).toBe(
      'INPUT_UNSIGNED_TX: This is not a Cairn unsigned transaction file: it has no "cairnUnsignedTx" version.',
    );
    expect(problem(edited({ cairnUnsignedTx: 2 }))).toBe(
      'INPUT_UNSIGNED_TX: This file uses format version 2, made by a newer Cairn; this Cairn reads version 1.',
    );
    expect(problem(edited({ cairnUnsignedTx: '1' }))).toBe(
      'INPUT_UNSIGNED_TX: The format version ("cairnUnsignedTx") must be the number 1.',
    );
    expect(problem(edited({ type: 'eip4844' }))).toBe(
      'INPUT_UNSIGNED_TX: "type" must be one of "eip1559", "eip2930", "legacy".',
    );
    expect(problem('x'.repeat(MAX_UNSIGNED_FILE_CHARS + 1))).toBe(
      'INPUT_FILE_TOO_LARGE: This file is too large to be an unsigned transaction.',
    );
  });

  it('refuses unknown fields, fields of another type and missing fields', () => {
    expect(problem(edited({ memo: 'hi' }))).toBe(
      'INPUT_UNSIGNED_TX: Unknown field "memo": this Cairn does not know what it means, so it will not sign the file.',
    );
    expect(problem(edited({ gasPrice: '1' }))).toBe(
      'INPUT_UNSIGNED_TX: Field "gasPrice" does not belong in eip1559 transactions.',
    );
    expect(problem(JSON.stringify({ ...JSON.parse(serializeUnsignedFile(legacy)), accessList: [] }))).toBe(
      'INPUT_UNSIGNED_TX: Field "accessList" does not belong in legacy transactions.',
    );
    const { nonce: _n, data: _d, ...missing } = good();
    expect(problem(JSON.stringify(missing))).toBe('INPUT_UNSIGNED_TX: "nonce" is missing. "data" is missing.');
  });

  it('refuses wrong types and encodings with the field named', () => {
    expect(problem(edited({ nonce: 42 }))).toBe(
      'INPUT_UNSIGNED_TX: "nonce" must be a string of decimal digits, such as "7", not a JSON number (large numbers lose precision).',
    );
    expect(problem(edited({ value: '0x10' }))).toBe(
      'INPUT_UNSIGNED_TX: "value" must be a whole number written as a decimal string without leading zeros, such as "7".',
    );
    expect(problem(edited({ gasLimit: '065000' }))).toMatch(
      /"gasLimit" must be a whole number written as a decimal string/,
    );
    expect(problem(edited({ maxFeePerGas: '-1' }))).toMatch(/"maxFeePerGas" must be a whole number/);
    expect(problem(edited({ chainId: '0' }))).toMatch(/The chain id is a whole number from 1 to/);
    expect(problem(edited({ nonce: '9007199254740992' }))).toMatch(/The nonce is too large/);
    expect(problem(edited({ to: 5 }))).toBe('INPUT_UNSIGNED_TX: "to" must be an address written as a string.');
    expect(problem(edited({ to: token.replace('fB', 'Fb') }))).toMatch(/^INPUT_UNSIGNED_TX: "to": The capital letters/);
    expect(problem(edited({ from: '0x1234' }))).toBe(
      'INPUT_UNSIGNED_TX: "from": An address has 40 hex digits after 0x; this has 4.',
    );
    expect(problem(edited({ data: 'abcd' }))).toBe(
      'INPUT_UNSIGNED_TX: "data" must be a hex string: 0x followed by whole bytes (pairs of hex digits).',
    );
    expect(problem(edited({ accessList: [{ address: token, storageKeys: ['0x01'] }] }))).toMatch(
      /Access list entry 1, storage key 1: a storage key is 0x followed by exactly 64 hex digits/,
    );
  });

  it('applies the same rules as a typed draft', () => {
    expect(problem(edited({ maxPriorityFeePerGas: '40000000000' }))).toBe(
      'INPUT_UNSIGNED_TX: The priority fee (40 gwei) cannot be above the max fee (31.5 gwei).',
    );
    expect(problem(edited({ gasLimit: '21000' }))).toMatch(/needs at least 21,\d{3} gas before it runs/);
    expect(problem(edited({ to: null, data: '0x' }))).toMatch(/Enter a recipient address/);
  });

  it('lists at most three problems in the message and all of them in the details', () => {
    try {
      parseUnsignedFile(edited({ a: 1, b: 2, c: 3, d: 4 }));
      throw new Error('accepted');
    } catch (error) {
      const { shortMessage, details } = error as { shortMessage: string; details: string };
      expect(shortMessage).toMatch(/"a".*"b".*"c".* …and 1 more problem\.$/);
      expect(details).toMatch(/"d"/);
    }
  });

  it('writes the details as technical text, the same whatever language is shown', async () => {
    const detailsOf = () => {
      try {
        parseUnsignedFile(edited({ a: 1, nonce: 7 }));
      } catch (error) {
        return (error as { details: string }).details;
      }
      throw new Error('accepted');
    };
    const english = detailsOf();
    expect(english).toBe('core.signing:file.unknownField(field: "a"); core.signing:file.jsonNumber(field: nonce)');
    expect(await inLanguage('de', detailsOf)).toBe(english);
  });
});
