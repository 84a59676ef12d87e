import { describe, expect, it } from 'vitest';
import { aboveQuoteBeyondSlippage, checkSlippage, DEFAULT_SLIPPAGE_BPS, minimumOut, swapMinimumOut } from './slippage';

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

  it('takes the minimum from the lower of the quote and the simulation', () => {
    expect(swapMinimumOut(1_000_000n, undefined, 50n)).toBe(995_000n);
    // A simulation above the quote raises nothing: the quote's minimum stands.
    expect(swapMinimumOut(1_000_000n, 1_200_000n, 50n)).toBe(995_000n);
    // One below it (a token that takes a fee on transfer, a price moved) lowers it.
    expect(swapMinimumOut(1_000_000n, 980_000n, 50n)).toBe(975_100n);
  });

  it('says the quote was low when the simulation is above it by more than the slippage', () => {
    // 0.5 % of 1,000 is 5: 1,005 is within it, 1,006 beyond.
    expect(aboveQuoteBeyondSlippage(1_000n, 1_005n, 50n)).toBe(false);
    expect(aboveQuoteBeyondSlippage(1_000n, 1_006n, 50n)).toBe(true);
    expect(aboveQuoteBeyondSlippage(1_000n, 999n, 50n)).toBe(false);
    // With no slippage any amount above the quote is beyond it.
    expect(aboveQuoteBeyondSlippage(1_000n, 1_001n, 0n)).toBe(true);
  });
});
