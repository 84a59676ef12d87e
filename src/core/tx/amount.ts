import { InputError } from '../errors/input';
import { untrustedLabel } from '../text/untrustedText';

/**
 * Parses an amount typed by a person into base units, exactly: digits with at most one dot and
 * at most `decimals` digits after it. Never rounds: too many decimals is an error.
 *
 * Throws INPUT_AMOUNT with the reason (empty, negative, not a number, exponent notation, too
 * many decimals).
 */
export function parseAmount(text: string, decimals: number, symbol: string): bigint {
  const trimmed = text.trim().replace(/[\u00a0\u202f_ ]/g, '');
  if (trimmed === '') throw new InputError('INPUT_AMOUNT', 'Enter an amount.');
  if (trimmed.startsWith('-')) throw new InputError('INPUT_AMOUNT', 'The amount cannot be negative.');
  if (/^[+]?\d*\.?\d*e[+-]?\d+$/i.test(trimmed)) {
    throw new InputError(
      'INPUT_AMOUNT',
      'Write the amount in full digits, without exponent notation (e.g. 0.001, not 1e-3).',
    );
  }
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed)) {
    throw new InputError('INPUT_AMOUNT', 'Leave out thousands separators (write 1000.5, not 1,000.5).');
  }
  const normalized = trimmed.replace(/^\+/, '');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(normalized)) {
    throw new InputError('INPUT_AMOUNT', 'The amount must be a number, such as 12.5 (use a dot for decimals).');
  }
  const [whole = '', fraction = ''] = normalized.split('.');
  if (fraction.length > decimals) {
    throw new InputError(
      'INPUT_AMOUNT',
      decimals === 0
        ? `${untrustedLabel(symbol, 'symbol')} has no decimals: enter a whole number.`
        : `${untrustedLabel(symbol, 'symbol')} has ${decimals} decimals; this amount has ${fraction.length}.`,
    );
  }
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}
