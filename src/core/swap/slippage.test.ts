import { describe, expect, it } from 'vitest';
import { checkSlippage, DEFAULT_SLIPPAGE_BPS, minimumOut } from './slippage';

describe('slippage', () => {
  it('leaves the quote less the slippage, rounded down, in base units', () => {
    expect(minimumOut(1_000_000n, DEFAULT_SLIPPAGE_BPS)).toBe(995_000n);
    // 0.5 % of 199 is 0.995: 198.005 rounds down to 198.
    expect(minimumOut(199n, 50n)).toBe(198n);
    expect(minimumOut(10n ** 30n, 1n)).toBe(10n ** 30n - 10n ** 26n);
    expect(minimumOut(123n, 0n)).toBe(123n);
    expect(minimumOut(0n, 50n)).toBe(0n);
  });

  it('warns at 0 and above 1 %, and refuses a negative slippage or one above 50 %', () => {
    expect(checkSlippage(0n)).toEqual({ kind: 'zero' });
    expect(checkSlippage(50n)).toEqual({ kind: 'ok' });
    expect(checkSlippage(100n)).toEqual({ kind: 'ok' });
    expect(checkSlippage(101n)).toEqual({ kind: 'high' });
    expect(checkSlippage(5_000n)).toEqual({ kind: 'high' });
    expect(checkSlippage(5_001n)).toEqual({ kind: 'tooHigh', maxBps: 5_000n });
    expect(checkSlippage(-1n)).toEqual({ kind: 'negative' });
    expect(() => minimumOut(100n, 5_001n)).toThrow(RangeError);
    expect(() => minimumOut(100n, -1n)).toThrow(RangeError);
    expect(() => minimumOut(-1n, 50n)).toThrow(RangeError);
  });
});
