import fc from 'fast-check';
import { parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { accountsText, fiatText, formatAmount, formatCount, formatPercent, toDecimalString, urlHost } from './format';

describe('amount formatting', () => {
  it('gives the exact decimal form, which parses back to the same base units', () => {
    expect(toDecimalString(1_500_000n, 6)).toBe('1.5');
    expect(toDecimalString(1n, 18)).toBe('0.000000000000000001');
    expect(toDecimalString(-2_000_000_000_000_000_000n, 18)).toBe('-2');
    expect(toDecimalString(42n, 0)).toBe('42');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 36 }), (value, decimals) => {
        expect(parseUnits(toDecimalString(value, decimals), decimals)).toBe(value);
      }),
    );
  });

  it('formats for display with grouping, rounding down, dust and huge values', () => {
    expect(formatAmount(1_234_567_891_234_567_891_234n, 18, { locale: 'en-US' })).toBe('1,234.567891');
    expect(formatAmount(999_999_999n, 9, { locale: 'en-US', maxFractionDigits: 2 })).toBe('0.99');
    expect(formatAmount(1n, 18, { locale: 'en-US' })).toBe('< 0.000001');
    expect(formatAmount(0n, 18, { locale: 'en-US' })).toBe('0');
    expect(formatAmount(2_500_500_000n, 6, { locale: 'de-DE' })).toBe('2.500,5');
    expect(formatAmount(10n ** 40n, 18, { locale: 'en-US' })).toBe('1.00e22');
    expect(formatAmount(-1_500_000n, 6, { locale: 'en-US' })).toBe('-1.5');
    expect(formatAmount(12_100_000n, 6, { locale: 'en-US', maxFractionDigits: 2, minFractionDigits: 2 })).toBe('12.10');
    expect(formatAmount(12_000_000n, 6, { locale: 'en-US', maxFractionDigits: 2, minFractionDigits: 2 })).toBe('12.00');
  });

  it('never shows more than the true value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (value) => {
        const shown = formatAmount(value, 18, { locale: 'en-US' }).replace(/,/g, '');
        if (!shown.startsWith('<') && !shown.includes('e')) expect(parseUnits(shown, 18) <= value).toBe(true);
      }),
    );
  });

  it('groups counts', () => {
    expect(formatCount(1_234_567n, 'en-US')).toBe('1,234,567');
  });
});

describe('urlHost', () => {
  it('names the host of a web address, and leaves anything else as it is', () => {
    expect(urlHost('https://api.etherscan.io/v2/api?x=1')).toBe('api.etherscan.io');
    expect(urlHost('http://127.0.0.1:8545')).toBe('127.0.0.1:8545');
    expect(urlHost('not a url')).toBe('not a url');
  });
});

describe('dollars and percentages', () => {
  it('shows dollars rounded down to cents, with grouping', () => {
    expect(fiatText(1_234_567_891_234_567_891_234n, 'en-US')).toBe('$1,234.56');
    expect(fiatText(10n ** 15n, 'en-US')).toBe('< $0.01');
    expect(fiatText(0n, 'en-US')).toBe('$0.00');
    expect(fiatText(0n)).toBe('$0.00');
  });

  it('puts the dollar sign and separators where the locale does', () => {
    expect(fiatText(1_234_567_891_234_567_891_234n, 'de')).toBe('1.234,56\u00a0$');
    expect(fiatText(10n ** 15n, 'de')).toBe('< 0,01\u00a0$');
    expect(fiatText(12_345_670_000_000_000_000_000n, 'es')).toBe('12.345,67\u00a0US$');
  });

  it('writes percentages the locale’s way', () => {
    expect(formatPercent(1n, 3n, 1, 'de')).toBe('33,3\u00a0%');
    expect(formatPercent(1n, 10_000n, 1, 'es')).toBe('< 0,1\u00a0%');
    expect(formatPercent(1n, 3n, 1, 'en')).toBe('33.3%');
  });

  it('counts accounts in words', () => {
    expect(accountsText(1)).toBe('1 account');
    expect(accountsText(3)).toBe('3 accounts');
  });

  it('shows a share rounded down, exactly, and dust as below the last digit', () => {
    expect(formatPercent(1n, 3n)).toBe('33.3%');
    expect(formatPercent(2n, 3n, 2)).toBe('66.66%');
    expect(formatPercent(5n, 5n)).toBe('100.0%');
    expect(formatPercent(1n, 10_000n)).toBe('< 0.1%');
    expect(formatPercent(0n, 10n)).toBe('0.0%');
    expect(formatPercent(1n, 0n)).toBeUndefined();
  });
});
