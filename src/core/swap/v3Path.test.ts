import { getAddress, size } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeV3Path, encodeV3Path } from './v3Path';

const WETH = getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2');
const USDC = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
const DAI = getAddress('0x6b175474e89094c44da98b954eedeac495271d0f');

describe('v3 paths', () => {
  it('packs token, fee (3 bytes), token: 43 bytes for one pool, 66 for two', () => {
    const one = encodeV3Path([WETH, USDC], [500]);
    expect(one).toBe(`${WETH.toLowerCase()}0001f4${USDC.toLowerCase().slice(2)}`);
    expect(size(one)).toBe(43);
    const two = encodeV3Path([DAI, WETH, USDC], [3_000, 100]);
    expect(size(two)).toBe(66);
    expect(two.slice(42, 48)).toBe('000bb8');
    expect(decodeV3Path(two)).toEqual({ tokens: [DAI, WETH, USDC], fees: [3_000, 100] });
  });

  it('refuses a path without one fee between each two tokens, a fee past 24 bits, or a length no path has', () => {
    expect(() => encodeV3Path([WETH], [])).toThrow(RangeError);
    expect(() => encodeV3Path([WETH, USDC], [500, 500])).toThrow(RangeError);
    expect(() => encodeV3Path([WETH, USDC], [2 ** 24])).toThrow(RangeError);
    expect(() => encodeV3Path([WETH, USDC], [1.5])).toThrow(RangeError);
    expect(() => decodeV3Path(WETH)).toThrow(RangeError);
    expect(() => decodeV3Path(`${encodeV3Path([WETH, USDC], [500])}00`)).toThrow(RangeError);
  });
});
