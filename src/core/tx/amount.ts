import { InputError } from '../errors/input';
import { type Message, msg, untrustedValue } from '../i18n/message';

/**
 * How numbers are written in the reader's language: the decimal separator, and the grouping one
 * (thousands) that may be typed too. English writes 1,234.5; German and Spanish 1.234,5.
 */
export type DecimalFormat = { readonly decimal: '.' | ','; readonly group: '.' | ',' };

/** Numbers as files and code write them (and English): a dot for decimals. */
export const DOT_DECIMALS: DecimalFormat = { decimal: '.', group: ',' };

/** A number typed in `format`, split at its decimal separator: digits only on each side. */
export type DecimalDigits = { whole: string; fraction: string };

const refuse = (message: Message) => new InputError('INPUT_AMOUNT', message);

/**
 * A number as a person types it in `format`, for examples in messages and hints: the whole digits
 * (in groups of three when `grouped`), then the fraction after the decimal separator, if any.
 * ("1234", "5", German, grouped) → "1.234,5"; ("1", "5", English) → "1.5".
 */
export function typedNumber(whole: string, fraction: string, format: DecimalFormat, grouped = false): string {
  const digits = grouped ? whole.replace(/\B(?=(\d{3})+$)/g, format.group) : whole;
  return fraction === '' ? digits : `${digits}${format.decimal}${fraction}`;
}

/**
 * Reads a decimal number a person typed, in one unambiguous format: `format.decimal` marks
 * decimals; `format.group` may separate thousands, in groups of three, but never where it could
 * be meant as a decimal point (1.234 in German, 1,234 in English), which is refused, not guessed.
 * Spaces (any kind) are ignored.
 *
 * Throws INPUT_AMOUNT with the reason: empty, negative, exponent notation, not a number, the other
 * decimal separator, a grouping separator out of place, or one that could be a decimal point.
 */
export function parseDecimal(text: string, format: DecimalFormat = DOT_DECIMALS): DecimalDigits {
  const typed = text.trim().replace(/[\s\u00a0\u202f_]/g, '');
  const { decimal, group } = format;
  if (typed === '') throw refuse(msg('core.chain:amount.empty'));
  if (typed.startsWith('-')) throw refuse(msg('core.chain:amount.negative'));
  if (/^[+]?[\d.,]*e[+-]?\d+$/i.test(typed)) {
    throw refuse(msg('core.chain:amount.exponent', { example: typedNumber('0', '001', format) }));
  }
  const unsigned = typed.replace(/^\+/, '');
  const notANumber = () =>
    refuse(msg('core.chain:amount.notANumber', { example: typedNumber('12', '5', format), decimal }));
  if (!/^[\d.,]+$/.test(unsigned) || !/\d/.test(unsigned)) throw notANumber();
  const parts = unsigned.split(decimal);
  if (parts.length > 2) throw notANumber();
  const [grouped = '', fraction = ''] = parts;
  if (fraction.includes(group)) {
    throw refuse(msg('core.chain:amount.groupInFraction', { group, decimal, example: typedNumber('1', '25', format) }));
  }
  if (!grouped.includes(group)) return { whole: grouped, fraction };
  const groups = grouped.split(group);
  const last = groups.at(-1) ?? '';
  // One grouping separator, no decimal one, and it is not followed by exactly three digits: the
  // person meant a decimal point, written the other way.
  if (parts.length === 1 && groups.length === 2 && last.length !== 3) {
    throw refuse(
      msg('core.chain:amount.otherDecimal', { decimal, example: typedNumber(groups[0] ?? '', last, format) }),
    );
  }
  if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) {
    throw refuse(msg('core.chain:amount.groupPlacement', { group, example: typedNumber('1234567', '', format, true) }));
  }
  if (parts.length === 1 && groups.length === 2) {
    throw refuse(msg('core.chain:amount.groupOrDecimal', { typed: unsigned, group, decimal, whole: groups.join('') }));
  }
  return { whole: groups.join(''), fraction };
}

/**
 * Parses an amount typed by a person into base units, exactly: a decimal number in `format`
 * (see parseDecimal) with at most `decimals` digits after the decimal separator. Never rounds:
 * too many decimals is an error.
 *
 * Throws INPUT_AMOUNT with the reason (parseDecimal's, or too many decimals for the asset).
 */
export function parseAmount(
  text: string,
  decimals: number,
  symbol: string,
  format: DecimalFormat = DOT_DECIMALS,
): bigint {
  const { whole, fraction } = parseDecimal(text, format);
  if (fraction.length > decimals) {
    const asset = untrustedValue(symbol, 'symbol');
    throw refuse(
      decimals === 0
        ? msg('core.chain:amount.noDecimals', { symbol: asset })
        : msg('core.chain:amount.tooManyDecimals', { symbol: asset, decimals, typed: fraction.length }),
    );
  }
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}
