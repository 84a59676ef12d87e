import { type Address, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { EMPTY_CODE_HASH } from './accountProof';
import { codeBookOf } from './codeBook';
import type { Source } from './sources';

const source = () => ({ url: 'http://node.test' }) as Source;
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const code = (n: number) => new Uint8Array([0x60, n & 0xff, n >> 8]);

describe('codeBookOf', () => {
  it('gives code only under the hash it was kept under, and foresees the accounts it was kept for', () => {
    const book = codeBookOf(source());
    const bytes = code(1);
    expect(book.foresees(address(1))).toBe(false);
    book.keep(address(1), keccak256(bytes), bytes);
    expect(book.foresees(address(1))).toBe(true);
    expect(book.code(keccak256(bytes))).toBe(bytes);
    expect(book.code(keccak256(code(2)))).toBeUndefined();
    expect(book.code(EMPTY_CODE_HASH)).toEqual(new Uint8Array(0));
  });

  it('is one book per source', () => {
    const first = source();
    const bytes = code(1);
    codeBookOf(first).keep(address(1), keccak256(bytes), bytes);
    expect(codeBookOf(first).foresees(address(1))).toBe(true);
    expect(codeBookOf(source()).foresees(address(1))).toBe(false);
  });

  it('forgets the oldest code past its bound, and no longer foresees its accounts', () => {
    const book = codeBookOf(source());
    for (let n = 0; n < 300; n++) book.keep(address(n), keccak256(code(n)), code(n));
    expect(book.foresees(address(0))).toBe(false);
    expect(book.code(keccak256(code(0)))).toBeUndefined();
    expect(book.foresees(address(299))).toBe(true);
  });
});
