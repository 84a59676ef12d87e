import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPriceStale, unitPrice, usdValue } from './fiat';

const ethUsd = { answer: 325_012_000_000n, decimals: 8, updatedAt: 1_000, roundId: 1n };

describe('dollar values from price feeds', () => {
  it('values amounts exactly with 18 decimals', () => {
    expect(usdValue(10n ** 18n, 18, ethUsd)).toBe(3_250_120_000_000_000_000_000n);
    expect(usdValue(1_500_000n, 6, { answer: 99_990_000n, decimals: 8, updatedAt: 0, roundId: 1n })).toBe(
      1_499_850_000_000_000_000n,
    );
    expect(unitPrice(ethUsd)).toBe(3_250_120_000_000_000_000_000n);
    expect(usdValue(5n, 18, { answer: 2n, decimals: 20, updatedAt: 0, roundId: 1n })).toBe(0n);
  });

  it('never exceeds the exact value and is additive up to rounding', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 30n }), (a, b) => {
        const sum = usdValue(a + b, 18, ethUsd);
        const parts = usdValue(a, 18, ethUsd) + usdValue(b, 18, ethUsd);
        expect(sum - parts >= 0n && sum - parts <= 1n).toBe(true);
      }),
    );
  });

  it('flags prices older than two days', () => {
    expect(isPriceStale(ethUsd, 1_000 + 2 * 86_400)).toBe(false);
    expect(isPriceStale(ethUsd, 1_001 + 2 * 86_400)).toBe(true);
  });
});
