import type { Hex } from 'viem';

/**
 * The two reverts Solidity itself writes, decoded by hand: this runs in the first screen's bundle
 * (through core/chain's error mapping), which does not carry viem's ABI decoder.
 */

/** `Error(string)`: a `require`/`revert` with a message. */
export const ERROR_SELECTOR = '0x08c379a0';
/** `Panic(uint256)`: a failed `assert`, an overflow, a division by zero… */
export const PANIC_SELECTOR = '0x4e487b71';

/** What each Panic code means, as the Solidity documentation lists them. */
const PANIC_MEANINGS: Record<string, string> = {
  '0': 'generic compiler panic',
  '1': 'assertion failed',
  '17': 'arithmetic overflow or underflow',
  '18': 'division by zero',
  '33': 'invalid enum value',
  '34': 'incorrectly encoded storage byte array',
  '49': 'pop from an empty array',
  '50': 'array index out of bounds',
  '65': 'out of memory',
  '81': 'call to an invalid function',
};

export type StandardRevert =
  | { kind: 'message'; message: string }
  | { kind: 'panic'; code: bigint; meaning: string | undefined };

/** Error(string) or Panic(uint256) from revert data; undefined for anything else or malformed data. */
export function decodeStandardRevert(data: Hex): StandardRevert | undefined {
  const lower = data.toLowerCase();
  if (lower.startsWith(ERROR_SELECTOR) && lower.length >= 10 + 128) {
    const message = errorMessage(lower.slice(10));
    return message === undefined ? undefined : { kind: 'message', message };
  }
  if (lower.startsWith(PANIC_SELECTOR) && lower.length >= 10 + 64) {
    const word = lower.slice(10, 74);
    if (!/^[0-9a-f]{64}$/.test(word)) return undefined;
    const code = BigInt(`0x${word}`);
    return { kind: 'panic', code, meaning: PANIC_MEANINGS[code.toString()] };
  }
  return undefined;
}

/** The string of an Error(string) body: offset word, length word, then the UTF-8 bytes. */
function errorMessage(body: string): string | undefined {
  const length = Number.parseInt(body.slice(64, 128), 16);
  if (!Number.isSafeInteger(length)) return undefined;
  const hex = body.slice(128, 128 + length * 2);
  if (hex.length !== length * 2 || !/^[0-9a-f]*$/.test(hex)) return undefined;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

/** The sentence for a standard revert: its message, or `panic: ` and what the code means. */
export function standardRevertReason(revert: StandardRevert): string {
  if (revert.kind === 'message') return revert.message;
  return `panic: ${revert.meaning ?? `code 0x${revert.code.toString(16)}`}`;
}

/**
 * The reason a revert gives without any ABI: its message, its panic, or `custom error 0x…` naming
 * the selector of any other error. Undefined for data too short to hold a selector and for a
 * malformed Error(string).
 */
export function revertDataReason(data: Hex): string | undefined {
  const standard = decodeStandardRevert(data);
  if (standard) return standardRevertReason(standard);
  const lower = data.toLowerCase();
  if (lower.startsWith(ERROR_SELECTOR) && lower.length >= 10 + 128) return undefined;
  if (lower.length >= 10) return `custom error ${lower.slice(0, 10)}`;
  return undefined;
}
