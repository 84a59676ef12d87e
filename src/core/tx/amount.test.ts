import fc from 'fast-check';
import { formatUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';

function reason(text: string, decimals = 18): string {
  try {
    parseAmount(text, decimals, 'TOK');
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('amount parsing', () => {
  it('parses exact amounts in base units', () => {
    expect(parseAmount('1', 18, 'ETH')).toBe(10n ** 18n);
    expect(parseAmount('0.000000000000000001', 18, 'ETH')).toBe(1n);
    expect(parseAmount('12.5', 6, 'USDC')).toBe(12_500_000n);
    expect(parseAmount(' .5 ', 6, 'USDC')).toBe(500_000n);
    expect(parseAmount('7.', 6, 'USDC')).toBe(7_000_000n);
    expect(parseAmount('1000', 0, 'ODD')).toBe(1000n);
    expect(parseAmount('0', 6, 'USDC')).toBe(0n);
  });

  it('refuses bad input with the reason', () => {
    expect(reason('')).toBe('Enter an amount.');
    expect(reason('-1')).toBe('The amount cannot be negative.');
    expect(reason('abc')).toMatch(/must be a number/);
    expect(reason('1.2.3')).toMatch(/must be a number/);
    expect(reason('1e18')).toMatch(/exponent notation/);
    expect(reason('1.5E-3')).toMatch(/exponent notation/);
    expect(reason('1,000.5')).toMatch(/thousands separators/);
    expect(reason('0.1234567', 6)).toBe('TOK has 6 decimals; this amount has 7.');
    expect(reason('1.5', 0)).toBe('TOK has no decimals: enter a whole number.');
    // The symbol comes from the token contract: its hidden characters are named as codes.
    expect(() => parseAmount('1.5', 0, 'US\u202eTD')).toThrow('US\\u{202E}TD has no decimals: enter a whole number.');
    expect(reason('.')).toMatch(/must be a number/);
    expect(reason('0x10')).toMatch(/must be a number/);
  });

  it('round-trips every base-unit amount through its decimal form', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 30 }), (value, decimals) => {
        expect(parseAmount(formatUnits(value, decimals), decimals, 'T')).toBe(value);
      }),
    );
  });

  it('never accepts more precision than the asset has', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18 }), fc.stringMatching(/^[1-9]$/), (decimals, digit) => {
        const text = `0.${'0'.repeat(decimals)}${digit}`;
        expect(() => parseAmount(text, decimals, 'T')).toThrow(/decimals/);
      }),
    );
  });
});
