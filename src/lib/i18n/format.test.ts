import fc from 'fast-check';
import { parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { inLanguage } from '@/testing/inWords';
import { fiatText, formatAmount, formatCount, formatDateTime, formatPercent, toDecimalString, urlHost } from './format';

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

  it('shows a share rounded down, exactly, and dust as below the last digit', () => {
    expect(formatPercent(1n, 3n)).toBe('33.3%');
    expect(formatPercent(2n, 3n, 2)).toBe('66.66%');
    expect(formatPercent(5n, 5n)).toBe('100.0%');
    expect(formatPercent(1n, 10_000n)).toBe('< 0.1%');
    expect(formatPercent(0n, 10n)).toBe('0.0%');
    expect(formatPercent(1n, 0n)).toBeUndefined();
  });
});

describe('dates and times', () => {
  const when = Date.UTC(2026, 10, 24, 15, 30);
  const utc = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } as const;

  it('writes a date and time in the language shown, or in the one given', async () => {
    expect(formatDateTime(when, utc)).toBe('November 24, 2026 at 3:30 PM');
    expect(await inLanguage('de', () => formatDateTime(when, utc))).toBe('24. November 2026 um 15:30');
    expect(formatDateTime(new Date(when), utc, 'de')).toBe('24. November 2026 um 15:30');
    expect(formatDateTime(when, { day: 'numeric', month: 'short', timeZone: 'UTC' }, 'es')).toBe('24 nov');
  });

  it('keeps one formatter per language and options, so a change of either is seen', () => {
    const short = { dateStyle: 'short', timeZone: 'UTC' } as const;
    expect(formatDateTime(when, short, 'en')).toBe('11/24/26');
    expect(formatDateTime(when, short, 'de')).toBe('24.11.26');
    expect(formatDateTime(when, { ...short, dateStyle: 'medium' }, 'de')).toBe('24.11.2026');
  });
});
