import { getAddress, type Hex, hexToBigInt, numberToHex, recoverAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '@/core/errors/base';
import { expectRefusal } from '@/testing/expectRefusal';
import { inWords } from '@/testing/inWords';
import { mailJson } from '@/testing/mailTypedData';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import { parseMessageInput } from './message';
import { chainIdWarning as chainIdMessage, parseTypedDataJson } from './typedData';

/** The warning in words (English, in tests). */
const chainIdWarning = (...args: Parameters<typeof chainIdMessage>) => inWords(chainIdMessage(...args));

import { parseSignatureInput, verifyMessageSignature, verifyTypedDataSignature } from './verify';

describe('message input', () => {
  const refusals: [string, string, 'text' | 'hex', RegExp][] = [
    ['empty text', '', 'text', /^Enter a message to sign\.$/],
    ['unpaired surrogate', 'ok\uDC00', 'text', /^Character 3 of the message is not valid Unicode/],
    ['empty hex', ' ', 'hex', /^Enter the message bytes as hex/],
    ['hex without 0x', '48656c6c6f', 'hex', /^Hex bytes start with 0x\.$/],
    ['only 0x', '0x', 'hex', /^There are no bytes after 0x\.$/],
    ['odd length', '0x123', 'hex', /^The hex has an odd number of digits \(3\); each byte takes two\.$/],
    ['non-hex character', '0x12g4', 'hex', /^Character 5 is not a hex digit/],
    ['space inside', '0x12 34', 'hex', /^Character 5 is not a hex digit/],
    ['non-hex after leading spaces', '  0x1g', 'hex', /^Character 6 is not a hex digit/],
  ];
  for (const [name, text, mode, sentence] of refusals) {
    it(`refuses ${name}`, () => expectRefusal(() => parseMessageInput(text, mode), 'INPUT_MESSAGE', sentence));
  }

  it('takes text as typed and hex as lowercase bytes', () => {
    expect(parseMessageInput('  Hi  ', 'text')).toBe('  Hi  ');
    expect(parseMessageInput(' 0XABcd\n', 'hex')).toEqual({ raw: '0xabcd' });
  });
});

describe('signatures and expected addresses', () => {
  const { signature, address, r, s } = mail.expected;
  const { typedData } = parseTypedDataJson(JSON.stringify(mail.typedData));
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

  it('accepts v as 27/28 or 0/1, and the 64-byte compact form (EIP-2098)', () => {
    const withV = (v: string) => `${signature.slice(0, 130)}${v}`;
    const compact = `${r}${numberToHex(hexToBigInt(s as Hex) | (1n << 255n), { size: 32 }).slice(2)}`;
    for (const form of [signature, withV('01'), compact, signature.toUpperCase().replace('0X', '0x')]) {
      expect(verifyTypedDataSignature({ typedData, signature: form, expected: address }).matches, form).toBe(true);
    }
    expect(parseSignatureInput(compact)).toEqual(parseSignatureInput(signature));
  });

  const refusals: [string, string, RegExp][] = [
    ['empty', '', /^Enter the signature/],
    ['no 0x', signature.slice(2), /^A signature starts with 0x\.$/],
    ['non-hex character', `0x${'z'}${signature.slice(3)}`, /^Character 3 of the signature is not a hex digit/],
    ['odd length', signature.slice(0, -1), /odd number of hex digits \(129\)/],
    [
      'too short',
      signature.slice(0, 120),
      /^A signature is 65 bytes \(or 64 in the compact EIP-2098 form\); this one is 59 bytes\.$/,
    ],
    ['too long', `${signature}00`, /this one is 66 bytes/],
    ['bad v', `${signature.slice(0, 130)}1d`, /The last byte of the signature \(v\) is 29; it must be 27 or 28/],
    ['r zero', `0x${'00'.repeat(32)}${signature.slice(66)}`, /r or s is out of range/],
    ['s at n', `${r}${n.toString(16)}1b`, /r or s is out of range/],
    ['high s', `${r}${(n - hexToBigInt(s as Hex)).toString(16)}1b`, /high s value: it is a malleable copy/],
    ['r off the curve', `0x${'00'.repeat(31)}05${signature.slice(66)}`, /^No signer can be recovered/],
  ];
  for (const [name, text, sentence] of refusals) {
    it(`refuses a signature: ${name}`, () =>
      expectRefusal(() => verifyTypedDataSignature({ typedData, signature: text }), 'INPUT_SIGNATURE', sentence));
  }

  it('refuses high s although it recovers the same signer: it is a second form of one signature', async () => {
    const high = `${r}${(n - hexToBigInt(s as Hex)).toString(16)}1b` as Hex;
    expect(await recoverAddress({ hash: mail.expected.signHash as Hex, signature: high })).toBe(mail.signer);
    expectRefusal(() => parseSignatureInput(high), 'INPUT_SIGNATURE', /high s value/);
  });

  it('accepts an expected address in checksummed, lowercase or uppercase form', () => {
    for (const expected of [
      '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      address,
      `0x${address.slice(2).toUpperCase()}`,
    ]) {
      expect(verifyTypedDataSignature({ typedData, signature, expected }).matches).toBe(true);
    }
    expect(
      verifyTypedDataSignature({ typedData, signature, expected: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }),
    ).toEqual({
      signer: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      matches: false,
    });
  });

  it('refuses an expected address with a bad checksum or the wrong length', () => {
    const badChecksum = '0xcD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826';
    expectRefusal(
      () => verifyTypedDataSignature({ typedData, signature, expected: badChecksum }),
      'KEYS_ADDRESS_CHECKSUM',
      /do not match its checksum \(EIP-55\)/,
    );
    expectRefusal(
      () => verifyMessageSignature({ message: 'hi', signature, expected: '0x1234' }),
      'KEYS_ADDRESS_FORMAT',
      /40 hex digits after 0x; this has 4/,
    );
  });

  it('a signature of other data recovers someone else', () => {
    const other = parseTypedDataJson(mailJson((t) => Object.assign(t.message, { contents: 'Hello, Eve!' }))).typedData;
    const result = verifyTypedDataSignature({ typedData: other, signature, expected: address });
    expect(result.matches).toBe(false);
    expect(result.signer).toBe(getAddress(result.signer));
    expect(result.signer).not.toBe(getAddress(address));
  });
});

describe('chain id warning', () => {
  it('says nothing when the domain names no chain or the selected one', () => {
    expect(chainIdWarning(undefined, 1)).toBeUndefined();
    expect(chainIdWarning(1n, 1)).toBeUndefined();
    expect(chainIdWarning(31337n, 31337)).toBeUndefined();
  });

  it('warns, naming both chains, when they differ', () => {
    expect(chainIdWarning(137n, 1)).toBe(
      'This request is for chain 137, but the selected network is chain 1. ' +
        'The signature would be meant for chain 137: sign only if you expected that.',
    );
    expect(chainIdWarning(2n ** 64n, 1)).toMatch(/^This request is for chain 18446744073709551616, but/);
  });

  it('reads the chain id to compare from the parsed domain', () => {
    expect(chainIdWarning(parseTypedDataJson(mailJson()).domain.chainId, 11155111)).toMatch(/chain 1, but/);
  });
});

describe('no secret in a sentence', () => {
  it('never repeats a private key pasted into the wrong box', () => {
    const key = '4af1bceebf7f3634ec3cff8a2c38e51178d5d4ce585c52d6043e5e2cc3418bb0';
    const attempts = [
      () => parseSignatureInput(`0x${key}`),
      () => parseSignatureInput(key),
      () => parseSignatureInput(`0x${key}zz`),
      () => parseMessageInput(`0x${key}0`, 'hex'),
      () => parseMessageInput(key, 'hex'),
      () => parseTypedDataJson(`{"types": ${key}}`),
      () => parseTypedDataJson(`0x${key}`),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
        expect.unreachable();
      } catch (error) {
        expect(isCairnError(error)).toBe(true);
        const text = isCairnError(error) ? `${error.shortMessage} ${error.details ?? ''}` : '';
        expect(text).not.toContain(key.slice(0, 8));
      }
    }
  });
});
