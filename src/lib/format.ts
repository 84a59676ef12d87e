import { formatUnits } from 'viem';
import { intlLocale } from './i18n/activeLocale';

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

/** The exact decimal form of an amount in base units, e.g. (1500000n, 6) → "1.5". */
export function toDecimalString(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}

function decimalSeparator(locale: string = intlLocale()): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

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

/** A dollar value (18 decimals) as text, rounded down to cents: "$1,234.56", "< $0.01". */
export function fiatText(value: bigint, locale?: string): string {
  const formatted = formatAmount(value, 18, { maxFractionDigits: 2, minFractionDigits: 2, locale });
  return formatted.startsWith('< ') ? `< $${formatted.slice(2)}` : `$${formatted}`;
}

/**
 * `part` as a percentage of `whole` with `digits` decimals, rounded down ("12.3%"), "< 0.1%" for a
 * share too small to show, undefined when the whole is not positive. Exact: bigints throughout.
 */
export function formatPercent(part: bigint, whole: bigint, digits = 1): string | undefined {
  if (whole <= 0n) return undefined;
  const scale = 10n ** BigInt(digits);
  const scaled = (part * 100n * scale) / whole;
  if (part > 0n && scaled === 0n) return `< ${digits > 0 ? `0.${'0'.repeat(digits - 1)}1` : '1'}%`;
  const whole_ = scaled / scale;
  const fraction = digits > 0 ? `.${(scaled % scale).toString().padStart(digits, '0')}` : '';
  return `${whole_}${fraction}%`;
}

/** 0x1234…abcd, for places with no room. Always next to a way to see the full address. */
/** "1 account", "3 accounts". */
export function accountsText(count: number): string {
  return count === 1 ? '1 account' : `${count} accounts`;
}

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
