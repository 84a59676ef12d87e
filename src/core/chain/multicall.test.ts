import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkCalls, isCanonicalMulticall } from './multicall';

describe('Multicall3 helpers', () => {
  it('trusts only the canonical runtime code', () => {
    const canonical = readFileSync(
      new URL('../../../devchain/multicall3-runtime.hex', import.meta.url),
      'utf8',
    ).trim() as `0x${string}`;
    expect(isCanonicalMulticall(canonical)).toBe(true);
    expect(isCanonicalMulticall(`0x${canonical.slice(2, -2)}00`)).toBe(false);
    expect(isCanonicalMulticall('0x')).toBe(false);
    expect(isCanonicalMulticall(undefined)).toBe(false);
  });

  it('chunks calls', () => {
    expect(chunkCalls([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkCalls([], 2)).toEqual([]);
  });
});
