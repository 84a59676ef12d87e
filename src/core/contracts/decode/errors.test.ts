import { encodeErrorResult, type Hex, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { decodeStandardRevert, revertDataReason } from '../../chain/standardErrors';
import { type DecodedRevert, decodeRevert, revertReason } from './errors';

/** The reason in English (the tests' language). */
const reason = (revert: DecodedRevert | undefined) => inWords(revert && revertReason(revert));

// Error(string) and Panic(uint256) as Solidity encodes them, written here rather than taken from the decoder.
const builtIn = parseAbi(['error Error(string message)', 'error Panic(uint256 code)']);
const message = (text: string) => encodeErrorResult({ abi: builtIn, errorName: 'Error', args: [text] });
const panic = (code: bigint) => encodeErrorResult({ abi: builtIn, errorName: 'Panic', args: [code] });

const vault = parseAbi([
  'error InsufficientBalance(uint256 available, uint256 required)',
  'error NotOwner(address caller, string why)',
  'error Paused()',
]);

describe('decodeRevert: what Solidity itself writes', () => {
  it('reads Error(string), in UTF-8', () => {
    expect(decodeRevert(message('Nope: café'))).toEqual({ kind: 'message', message: 'Nope: café' });
    expect(decodeRevert(message(''))).toEqual({ kind: 'message', message: '' });
  });

  it('reads Panic(uint256) with what each code means (the Solidity documentation’s list)', () => {
    const meanings: [bigint, string][] = [
      [0x00n, 'generic compiler panic'],
      [0x01n, 'assertion failed'],
      [0x11n, 'arithmetic overflow or underflow'],
      [0x12n, 'division by zero'],
      [0x21n, 'invalid enum value'],
      [0x22n, 'incorrectly encoded storage byte array'],
      [0x31n, 'pop from an empty array'],
      [0x32n, 'array index out of bounds'],
      [0x41n, 'out of memory'],
      [0x51n, 'call to an invalid function'],
    ];
    for (const [code, meaning] of meanings) {
      const decoded = decodeRevert(panic(code));
      expect(decoded).toMatchObject({ kind: 'panic', code });
      expect(decoded?.kind === 'panic' && decoded.meaning && inWords(decoded.meaning)).toBe(meaning);
      expect(reason(decoded)).toBe(`panic: ${meaning}`);
    }
    const odd = decodeRevert(panic(2n ** 200n + 7n));
    expect(odd).toEqual({ kind: 'panic', code: 2n ** 200n + 7n, meaning: undefined });
    expect(reason(odd)).toBe(`panic: code 0x${(2n ** 200n + 7n).toString(16)}`);
  });

  it('calls malformed Error and Panic data unknown rather than guessing', () => {
    const cut = message('a long enough message to cut').slice(0, 150) as Hex;
    expect(decodeStandardRevert(cut)).toBeUndefined();
    expect(decodeRevert(cut)).toEqual({ kind: 'unknown', selector: '0x08c379a0' });
    expect(decodeRevert('0x4e487b71')).toEqual({ kind: 'unknown', selector: '0x4e487b71' });
  });
});

describe('decodeRevert: custom errors', () => {
  it('names a custom error of the contract’s ABI with its arguments', () => {
    const data = encodeErrorResult({ abi: vault, errorName: 'InsufficientBalance', args: [5n, 7n] });
    const decoded = decodeRevert(data, [vault]);
    expect(decoded).toEqual({
      kind: 'custom',
      selector: data.slice(0, 10),
      id: 'InsufficientBalance(uint256,uint256)',
      name: 'InsufficientBalance',
      signature: 'error InsufficientBalance(uint256 available, uint256 required)',
      args: [
        { name: 'available', type: 'uint256', value: 5n, text: '5' },
        { name: 'required', type: 'uint256', value: 7n, text: '7' },
      ],
      source: 'contract',
    });
    expect(decoded && revertReason(decoded)).toBe('InsufficientBalance(available: 5, required: 7)');
  });

  it('quotes string arguments in the reason, and decodes errors without arguments', () => {
    const caller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const notOwner = decodeRevert(
      encodeErrorResult({ abi: vault, errorName: 'NotOwner', args: [caller, 'x), Paused('] }),
      [vault],
    );
    expect(notOwner && revertReason(notOwner)).toBe(`NotOwner(caller: ${caller}, why: "x), Paused(")`);
    const paused = decodeRevert(encodeErrorResult({ abi: vault, errorName: 'Paused' }), [vault]);
    expect(paused && revertReason(paused)).toBe('Paused()');
  });

  it('tries the contract’s ABIs in order, then the standard ones (Permit2’s errors)', () => {
    const renamed = parseAbi(['error InsufficientBalance(uint256 have, uint256 need)']);
    const data = encodeErrorResult({ abi: vault, errorName: 'InsufficientBalance', args: [1n, 2n] });
    const decoded = decodeRevert(data, [renamed, vault]);
    expect(decoded?.kind === 'custom' && decoded.args.map((a) => a.name)).toEqual(['have', 'need']);

    const permit2 = parseAbi(['error AllowanceExpired(uint256 deadline)']);
    const expired = decodeRevert(encodeErrorResult({ abi: permit2, errorName: 'AllowanceExpired', args: [9n] }));
    expect(expired).toMatchObject({ kind: 'custom', name: 'AllowanceExpired', source: 'standard' });
  });

  it('names the selector of an error no ABI at hand has, or whose arguments do not fit', () => {
    expect(decodeRevert('0xdeadbeef', [vault])).toEqual({ kind: 'unknown', selector: '0xdeadbeef' });
    const data = encodeErrorResult({ abi: vault, errorName: 'InsufficientBalance', args: [5n, 7n] });
    expect(decodeRevert(data.slice(0, 20) as Hex, [vault])).toEqual({ kind: 'unknown', selector: data.slice(0, 10) });
    expect(reason({ kind: 'unknown', selector: '0xdeadbeef' })).toBe('custom error 0xdeadbeef');
  });

  it('gives nothing for data without a selector or not hex', () => {
    expect(decodeRevert('0x')).toBeUndefined();
    expect(decodeRevert('0x1234')).toBeUndefined();
    expect(decodeRevert('0xnothex!' as Hex)).toBeUndefined();
  });
});

describe('revertDataReason (no ABI, no ABI decoder)', () => {
  it('reads the standard reverts and names other selectors', () => {
    const words = (data: Hex) => inWords(revertDataReason(data));
    expect(words(message('Nope'))).toBe('Nope');
    expect(words(panic(0x12n))).toBe('panic: division by zero');
    expect(words('0xDEADBEEF00')).toBe('custom error 0xdeadbeef');
    expect(revertDataReason('0x')).toBeUndefined();
  });
});
