import type { Hex } from 'viem';
import { InputError } from '../errors/input';

export const MIN_GAS_LIMIT = 21_000n;

function wholeNumber(text: string): bigint | undefined {
  const trimmed = text.trim().replace(/[_ ]/g, '');
  return /^\d+$/.test(trimmed) ? BigInt(trimmed) : undefined;
}

/** Gas limit typed in "advanced": a whole number from 21,000 to the block gas limit. */
export function parseGasLimit(text: string, blockGasLimit: bigint): bigint {
  const value = wholeNumber(text);
  if (value === undefined) throw new InputError('INPUT_GAS_LIMIT', 'The gas limit is a whole number, such as 21000.');
  if (value < MIN_GAS_LIMIT) throw new InputError('INPUT_GAS_LIMIT', 'Every transaction needs at least 21,000 gas.');
  if (value > blockGasLimit) {
    throw new InputError(
      'INPUT_GAS_LIMIT',
      `The gas limit cannot exceed the block gas limit (${blockGasLimit.toLocaleString('en-US')}).`,
    );
  }
  return value;
}

/** A fee typed in gwei (up to 9 decimals, so exact in wei). */
export function parseGwei(text: string, label: string): bigint {
  const trimmed = text.trim();
  const match = /^(\d+)(?:\.(\d{0,9}))?$/.exec(trimmed);
  if (!match) throw new InputError('INPUT_FEE', `${label} is a number of gwei, such as 1.5 (at most 9 decimals).`);
  return BigInt(match[1] ?? '0') * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0') || '0');
}

/** A nonce typed in "advanced": a whole number not below the account's next confirmed nonce. */
export function parseNonce(text: string, confirmedNonce: number): number {
  // Digits only: a separator must not silently join "1 2" into nonce 12.
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? BigInt(trimmed) : undefined;
  if (value === undefined || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new InputError('INPUT_NONCE', 'The nonce is a whole number.');
  }
  if (value < BigInt(confirmedNonce)) {
    throw new InputError(
      'INPUT_NONCE',
      `Nonce ${value} is already used: this account's transactions up to ${confirmedNonce - 1} are confirmed. Use ${confirmedNonce} or more.`,
    );
  }
  return Number(value);
}

/** Call data typed in "advanced": 0x followed by an even number of hex digits (or empty). */
export function parseData(text: string): Hex {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '0x') return '0x';
  if (!/^0x[0-9a-fA-F]*$/.test(trimmed))
    throw new InputError('INPUT_DATA', 'Data is hex: 0x followed by hex digits (0–9, a–f).');
  if (trimmed.length % 2 !== 0)
    throw new InputError('INPUT_DATA', 'Data must have an even number of hex digits (whole bytes).');
  return trimmed.toLowerCase() as Hex;
}
