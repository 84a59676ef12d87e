import fc from 'fast-check';
import { formatUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { type DecimalFormat, DOT_DECIMALS, parseAmount, typedNumber } from './amount';

const GERMAN: DecimalFormat = { decimal: ',', group: '.' };

function reason(text: string, decimals = 18, format?: DecimalFormat): string {
  try {
    parseAmount(text, decimals, 'TOK', format);
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
    expect(reason('0.1234567', 6)).toBe('TOK has 6 decimals; this amount has 7.');
    expect(reason('1.5', 0)).toBe('TOK has no decimals: enter a whole number.');
    // The symbol comes from the token contract: its hidden characters are named as codes.
    expect(() => parseAmount('1.5', 0, 'US\u202eTD')).toThrow('US\\u{202E}TD has no decimals: enter a whole number.');
    expect(reason('.')).toMatch(/must be a number/);
    expect(reason('0x10')).toMatch(/must be a number/);
  });

  it('takes thousands separators where they cannot be a decimal point', () => {
    expect(parseAmount('1,000.5', 18, 'ETH')).toBe(1000n * 10n ** 18n + 5n * 10n ** 17n);
    expect(parseAmount('1,234,567', 0, 'T')).toBe(1_234_567n);
    expect(parseAmount('1 234.5', 1, 'T')).toBe(12_345n);
  });

  it('refuses a grouping separator that could be a decimal point, and says which is which', () => {
    expect(reason('1,234')).toBe(
      '“1,234” is unclear: here “,” separates thousands, but it may be meant as a decimal point. For the whole number write 1234; for decimals use “.”.',
    );
    expect(reason('1,5')).toBe('Use “.” for decimals: write 1.5.');
    expect(reason(',5')).toBe('Use “.” for decimals: write .5.');
    expect(reason('12,34.5')).toBe('Thousands separators (“,”) go between groups of three digits, as in 1,234,567.');
    expect(reason('1.2,5')).toMatch(/cannot come after the decimal separator/);
  });

  describe('in German (1.234,5)', () => {
    it('reads the comma as the decimal separator and dots as thousands', () => {
      expect(parseAmount('1.234,5', 1, 'T', GERMAN)).toBe(12_345n);
      expect(parseAmount('1,5', 6, 'USDC', GERMAN)).toBe(1_500_000n);
      expect(parseAmount('1.234.567', 0, 'T', GERMAN)).toBe(1_234_567n);
      expect(parseAmount(',25', 2, 'T', GERMAN)).toBe(25n);
    });

    it('refuses what it would have to guess', () => {
      expect(reason('1.234', 18, GERMAN)).toBe(
        '“1.234” is unclear: here “.” separates thousands, but it may be meant as a decimal point. For the whole number write 1234; for decimals use “,”.',
      );
      expect(reason('1.5', 18, GERMAN)).toBe('Use “,” for decimals: write 1,5.');
      expect(reason('12.34,5', 18, GERMAN)).toBe(
        'Thousands separators (“.”) go between groups of three digits, as in 1.234.567.',
      );
      expect(reason('1,2.5', 18, GERMAN)).toMatch(/cannot come after the decimal separator/);
      expect(reason('1,2,3', 18, GERMAN)).toMatch(/must be a number, such as 12,5/);
      expect(reason('1e3', 18, GERMAN)).toMatch(/e\.g\. 0,001/);
    });

    it('round-trips every amount written with German grouping', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n }), fc.integer({ min: 0, max: 30 }), (value, decimals) => {
          const [whole = '', fraction] = formatUnits(value, decimals).split('.');
          const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
          const text = fraction === undefined ? grouped : `${grouped},${fraction}`;
          // A lone group of thousands without decimals is refused as unclear, by design.
          if (fraction === undefined && grouped.split('.').length === 2) return;
          expect(parseAmount(text, decimals, 'T', GERMAN)).toBe(value);
        }),
      );
    });
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
        expect(() => parseAmount(text, decimals, 'T')).toThrow(/decimal/);
      }),
    );
  });
});

describe('numbers as examples', () => {
  const comma: DecimalFormat = { decimal: ',', group: '.' };

  it('writes a number as a person types it in a format, grouped by threes when asked', () => {
    expect(typedNumber('1', '5', comma)).toBe('1,5');
    expect(typedNumber('1', '5', DOT_DECIMALS)).toBe('1.5');
    expect(typedNumber('1234', '5', comma, true)).toBe('1.234,5');
    expect(typedNumber('1234567', '', DOT_DECIMALS, true)).toBe('1,234,567');
    expect(typedNumber('123', '25', comma, true)).toBe('123,25');
    expect(typedNumber('0', '001', comma)).toBe('0,001');
  });

  it('gives every refusal’s example in the format it reads, which that format parses', () => {
    for (const typed of ['1e5', 'abc', '1,2,3', '1.2,5']) {
      try {
        parseAmount(typed, 18, 'ETH', comma);
        throw new Error(`accepted ${typed}`);
      } catch (error) {
        const example = (error as { text: { values?: { example?: unknown } } }).text.values?.example;
        if (typeof example === 'string') expect(() => parseAmount(example, 18, 'ETH', comma)).not.toThrow();
      }
    }
  });
});
