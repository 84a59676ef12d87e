import fc from 'fast-check';
import { type AbiParameter, parseAbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodedValues, formatAbiValue, inlineText, plainText, readsAsCode } from './values';

const param = (text: string) => parseAbiParameter(text) as AbiParameter;

const VITALIK_LOWER = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('formatAbiValue', () => {
  it('writes what a person would type, JSON-like inside lists and tuples', () => {
    expect(formatAbiValue(param('uint256 a'), 10n ** 30n)).toBe('1000000000000000000000000000000');
    expect(formatAbiValue(param('uint8 a'), 7)).toBe('7');
    expect(formatAbiValue(param('address a'), VITALIK_LOWER)).toBe(VITALIK);
    expect(formatAbiValue(param('bytes a'), '0xDEAD')).toBe('0xdead');
    expect(formatAbiValue(param('string a'), 'he said "hi"')).toBe('he said "hi"');
    expect(formatAbiValue(param('string[] a'), ['he said "hi"'])).toBe('["he said \\"hi\\""]');
    expect(formatAbiValue(param('(address maker, uint96[] amounts) o'), { maker: VITALIK, amounts: [1n] })).toBe(
      `{"maker": "${VITALIK}", "amounts": [1]}`,
    );
    expect(formatAbiValue(param('(address maker, uint96[] amounts) o'), [VITALIK, [1n]])).toBe(
      `{"maker": "${VITALIK}", "amounts": [1]}`,
    );
    expect(formatAbiValue(param('(uint8, bool) o'), [1, true])).toBe('[1, true]');
  });

  it('falls back to a plain rendering for a value that does not fit the type', () => {
    expect(formatAbiValue(param('uint256 a'), 'oops')).toBe('"oops"');
    expect(formatAbiValue(param('address[] a'), 5n)).toBe('5');
    expect(formatAbiValue({ name: 'x', type: 'fixed128x18' }, 5n)).toBe('5');
  });
});

describe('inlineText', () => {
  it('quotes a top-level string, and leaves every other text as formatAbiValue wrote it', () => {
    const [text, list, who] = decodedValues(
      [param('string text'), param('string[] list'), param('address who')],
      ['a, b: 1', ['x'], VITALIK_LOWER],
    );
    expect(text?.text).toBe('a, b: 1');
    expect(text && inlineText(text)).toBe('"a, b: 1"');
    expect(list && inlineText(list)).toBe('["x"]');
    expect(who && inlineText(who)).toBe(VITALIK);
  });
});

describe('decodedValues', () => {
  it('names unnamed values by position, or leaves them blank', () => {
    const params = [param('uint8'), param('bool ok')];
    expect(decodedValues(params, [1, true])).toEqual([
      { name: 'arg0', type: 'uint8', value: 1, text: '1' },
      { name: 'ok', type: 'bool', value: true, text: 'true' },
    ]);
    expect(decodedValues(params, [1, true], 'blank').map((v) => v.name)).toEqual(['', 'ok']);
  });
});

describe('plainText', () => {
  it('formats bigints beyond 2^64 exactly and nested tuples recursively', () => {
    expect(plainText(2n ** 64n + 1n)).toBe('18446744073709551617');
    expect(plainText(-(2n ** 255n))).toBe(`-${(2n ** 255n).toString()}`);
    expect(plainText([[1n, [2n ** 200n, true]], '0xab', []])).toBe(
      `[[1, [${(2n ** 200n).toString()}, true]], 0xab, []]`,
    );
    expect(plainText({ who: VITALIK, pair: [false, { n: 3 }] })).toBe(`{who: ${VITALIK}, pair: [false, {n: 3}]}`);
  });

  it('quotes strings, shows bytes as hex and survives odd values', () => {
    expect(plainText('he said "hi"')).toBe('"he said \\"hi\\""');
    expect(plainText('')).toBe('""');
    expect(plainText(new Uint8Array([0, 255]))).toBe('0x00ff');
    expect(plainText(true)).toBe('true');
    const cyclic: unknown[] = [1n];
    cyclic.push(cyclic);
    expect(plainText(cyclic)).toBe('[1, [circular]]');
    const shared = [1n];
    expect(plainText([shared, shared])).toBe('[[1], [1]]');
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    );
    expect(plainText(hostile)).toBe('[unprintable]');
    expect(formatAbiValue(param('(uint8 a) t'), hostile)).toBe('[unprintable]');
  });

  it('never throws, and neither does formatAbiValue', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withTypedArray: true, withMap: true }), (v) => {
        expect(typeof plainText(v)).toBe('string');
        expect(typeof formatAbiValue(param('(uint8 a, string[] b) t'), v)).toBe('string');
      }),
    );
  });
});

describe('readsAsCode', () => {
  it('reads addresses, bytes, numbers, booleans and their arrays as code, strings and structs as text', () => {
    for (const type of ['address', 'bytes', 'bytes32', 'uint256', 'int8', 'bool', 'address[]', 'uint256[2][]'])
      expect(readsAsCode(type), type).toBe(true);
    for (const type of ['string', 'string[]', 'tuple', 'Person', 'Mail[]', 'addresses'])
      expect(readsAsCode(type), type).toBe(false);
  });
});
