import { formatUnits } from 'viem';
import { type DecimalFormat, DOT_DECIMALS } from '@/core/tx/amount';
import { intlLocale } from './activeLocale';

/** Formats a bigint count (block number, nonce) with the locale's digit grouping. */
export function formatCount(value: bigint, locale: string = intlLocale()): string {
  return countFormat(locale).format(value);
}

/** Intl formatters are slow to build: one per locale, made on first use. */
const countFormats = new Map<string | undefined, Intl.NumberFormat>();
function countFormat(locale: string | undefined): Intl.NumberFormat {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    countFormats.set(locale, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and/or time in the language shown (a Date or a unix time in milliseconds), as Intl
 * writes it with `options` ({ dateStyle: 'long', timeStyle: 'short' } unless given).
 */
export function formatDateTime(
  when: Date | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' },
  locale: string = intlLocale(),
): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(when);
}

/** The exact decimal form of an amount in base units, e.g. (1500000n, 6) → "1.5". */
export function toDecimalString(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}

const decimalFormats = new Map<string, DecimalFormat>();

/**
 * The decimal and grouping separators of a language tag, as Intl writes 1234.5 in it (a dot and
 * a comma, one each, or the dot format): what amounts are shown and typed with. Once per tag.
 */
export function decimalFormatOf(tag: string): DecimalFormat {
  let format = decimalFormats.get(tag);
  if (!format) {
    const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
    const decimal = parts.find((p) => p.type === 'decimal')?.value;
    const group = parts.find((p) => p.type === 'group')?.value;
    format =
      (decimal === '.' || decimal === ',') && (group === '.' || group === ',') && decimal !== group
        ? { decimal, group }
        : DOT_DECIMALS;
    decimalFormats.set(tag, format);
  }
  return format;
}

const decimalSeparator = (locale: string = intlLocale()): string => decimalFormatOf(locale).decimal;

export type AmountDisplayOptions = { maxFractionDigits?: number; minFractionDigits?: number; locale?: string };

/**
 * An amount for display: locale grouping, at most `maxFractionDigits` decimals, rounded down
 * (so a balance is never shown larger than it is), "< 0.000001" for dust, and a compact
 * exponent for absurdly large values. Display only: copy and hover use toDecimalString.
 */
export function formatAmount(value: bigint, decimals: number, options: AmountDisplayOptions = {}): string {
  const maxFraction = Math.min(options.maxFractionDigits ?? 6, decimals);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const sign = negative ? '-' : '';
  const base = 10n ** BigInt(decimals);
  const integer = abs / base;
  const integerDigits = integer.toString();
  if (integerDigits.length > 15) {
    const exponent = integerDigits.length - 1;
    return `${sign}${integerDigits[0]}${decimalSeparator(options.locale)}${integerDigits.slice(1, 3)}e${exponent}`;
  }
  const fractionDigits =
    decimals > 0 ? (abs % base).toString().padStart(decimals, '0').slice(0, maxFraction).replace(/0+$/, '') : '';
  if (abs > 0n && integer === 0n && fractionDigits === '') {
    const smallest = maxFraction > 0 ? `0${decimalSeparator(options.locale)}${'0'.repeat(maxFraction - 1)}1` : '1';
    return `${sign}< ${smallest}`;
  }
  const grouped = countFormat(options.locale ?? intlLocale()).format(integer);
  const fraction = fractionDigits.padEnd(Math.min(options.minFractionDigits ?? 0, maxFraction), '0');
  return `${sign}${grouped}${fraction ? `${decimalSeparator(options.locale)}${fraction}` : ''}`;
}

/**
 * What the locale writes before and after a number in a style ("$" before it in English, " $"
 * after it in German; "%" or " %"), taken from Intl once per locale and style.
 */
const affixes = new Map<string, { before: string; after: string }>();
function affixesOf(locale: string, options: Intl.NumberFormatOptions): { before: string; after: string } {
  const key = `${locale}|${options.style}`;
  let found = affixes.get(key);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, options).formatToParts(1.5);
    const number = new Set(['integer', 'group', 'decimal', 'fraction']);
    const first = parts.findIndex((p) => number.has(p.type));
    const last = parts.length - 1 - [...parts].reverse().findIndex((p) => number.has(p.type));
    const text = (from: number, to: number) =>
      parts
        .slice(from, to)
        .map((p) => p.value)
        .join('');
    found = { before: text(0, first), after: text(last + 1, parts.length) };
    affixes.set(key, found);
  }
  return found;
}

/** A number already formatted, with the locale's currency or percent sign around it; dust stays after "< ". */
function withAffixes(formatted: string, locale: string, options: Intl.NumberFormatOptions): string {
  const { before, after } = affixesOf(locale, options);
  return formatted.startsWith('< ') ? `< ${before}${formatted.slice(2)}${after}` : `${before}${formatted}${after}`;
}

const DOLLARS: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };
const PERCENT: Intl.NumberFormatOptions = { style: 'percent' };

/** A dollar value (18 decimals) as text, rounded down to cents, in the locale's way: "$1,234.56", "< $0.01". */
export function fiatText(value: bigint, locale: string = intlLocale()): string {
  const formatted = formatAmount(value, 18, { maxFractionDigits: 2, minFractionDigits: 2, locale });
  return withAffixes(formatted, locale, DOLLARS);
}

/**
 * `part` as a percentage of `whole` with `digits` decimals, rounded down ("12.3%"), "< 0.1%" for a
 * share too small to show, undefined when the whole is not positive; the decimal separator and
 * percent sign are the locale's ("12,3 %"). Exact: bigints throughout.
 */
export function formatPercent(
  part: bigint,
  whole: bigint,
  digits = 1,
  locale: string = intlLocale(),
): string | undefined {
  if (whole <= 0n) return undefined;
  const scale = 10n ** BigInt(digits);
  const scaled = (part * 100n * scale) / whole;
  const decimal = decimalSeparator(locale);
  if (part > 0n && scaled === 0n)
    return withAffixes(`< ${digits > 0 ? `0${decimal}${'0'.repeat(digits - 1)}1` : '1'}`, locale, PERCENT);
  const whole_ = scaled / scale;
  const fraction = digits > 0 ? `${decimal}${(scaled % scale).toString().padStart(digits, '0')}` : '';
  return withAffixes(`${whole_}${fraction}`, locale, PERCENT);
}

/** 0x1234…abcd, for places with no room. Always next to a way to see the full address. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The host of a web address for display ("etherscan.io"), or the text itself when it is not one. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
