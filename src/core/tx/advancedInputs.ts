import type { Hex } from 'viem';
import { InputError } from '../errors/input';
import { type Message, msg } from '../i18n/message';
import { type DecimalFormat, DOT_DECIMALS, parseDecimal, typedNumber } from './amount';

export const MIN_GAS_LIMIT = 21_000n;

function wholeNumber(text: string): bigint | undefined {
  const trimmed = text.trim().replace(/[_ ]/g, '');
  return /^\d+$/.test(trimmed) ? BigInt(trimmed) : undefined;
}

/** Gas limit typed in "advanced": a whole number from 21,000 to the block gas limit. */
export function parseGasLimit(text: string, blockGasLimit: bigint): bigint {
  const value = wholeNumber(text);
  if (value === undefined) throw new InputError('INPUT_GAS_LIMIT', msg('core.chain:tx.gasLimit.notNumber'));
  if (value < MIN_GAS_LIMIT) {
    throw new InputError('INPUT_GAS_LIMIT', msg('core.chain:tx.gasLimit.belowMin', { min: MIN_GAS_LIMIT }));
  }
  if (value > blockGasLimit) {
    throw new InputError('INPUT_GAS_LIMIT', msg('core.chain:tx.gasLimit.aboveBlockLimit', { limit: blockGasLimit }));
  }
  return value;
}

/** The fields typed in gwei, as their refusal names them at the start of a sentence ("The max fee is…"). */
export const GWEI_LABELS = {
  gasPrice: msg('core.chain:tx.fee.gasPrice'),
  maxFee: msg('core.chain:tx.fee.maxFee'),
  priorityFee: msg('core.chain:tx.fee.priorityFee'),
} as const;

/** parseDecimal's refusals about separators: said for a fee as they are for an amount. */
const SEPARATOR_REFUSALS: ReadonlySet<string> = new Set([
  'core.chain:amount.otherDecimal',
  'core.chain:amount.groupInFraction',
  'core.chain:amount.groupPlacement',
  'core.chain:amount.groupOrDecimal',
]);

/**
 * A fee typed in gwei (up to 9 decimals, so exact in wei), in the one format of the reader's
 * language (see parseDecimal). `label` names the field at the start of the refusal: one of
 * GWEI_LABELS, or the caller's own Message. A separator out of place
 * is refused with the amount's sentence; anything else that is not a number of gwei with at most
 * 9 decimals, with the fee's.
 */
export function parseGwei(text: string, label: Message, format: DecimalFormat = DOT_DECIMALS): bigint {
  const notGwei = () =>
    new InputError('INPUT_FEE', msg('core.chain:tx.fee.notGwei', { label, example: typedNumber('1', '5', format) }));
  let digits: ReturnType<typeof parseDecimal>;
  try {
    digits = parseDecimal(text, format);
  } catch (error) {
    if (error instanceof InputError && SEPARATOR_REFUSALS.has(error.text.id)) {
      throw new InputError('INPUT_FEE', error.text);
    }
    throw notGwei();
  }
  if (digits.fraction.length > 9) throw notGwei();
  return BigInt(digits.whole || '0') * 1_000_000_000n + BigInt(digits.fraction.padEnd(9, '0') || '0');
}

/** A nonce typed in "advanced": a whole number not below the account's next confirmed nonce. */
export function parseNonce(text: string, confirmedNonce: number): number {
  // Digits only: a separator must not silently join "1 2" into nonce 12.
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? BigInt(trimmed) : undefined;
  if (value === undefined || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new InputError('INPUT_NONCE', msg('core.chain:tx.nonce.notNumber'));
  }
  if (value < BigInt(confirmedNonce)) {
    throw new InputError(
      'INPUT_NONCE',
      msg('core.chain:tx.nonce.used', {
        nonce: String(value),
        last: String(confirmedNonce - 1),
        next: String(confirmedNonce),
      }),
    );
  }
  return Number(value);
}

/** Call data typed in "advanced": 0x followed by an even number of hex digits (or empty). */
export function parseData(text: string): Hex {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '0x') return '0x';
  if (!/^0x[0-9a-fA-F]*$/.test(trimmed)) throw new InputError('INPUT_DATA', msg('core.chain:tx.data.notHex'));
  if (trimmed.length % 2 !== 0) throw new InputError('INPUT_DATA', msg('core.chain:tx.data.oddLength'));
  return trimmed.toLowerCase() as Hex;
}
