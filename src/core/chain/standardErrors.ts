import type { Hex } from 'viem';
import { codeValue, type Message, msg, type PlainMessageId } from '../i18n/message';

/**
 * The two reverts Solidity itself writes, decoded by hand: this runs in the first screen's bundle
 * (through core/chain's error mapping), which does not carry viem's ABI decoder.
 */

/** `Error(string)`: a `require`/`revert` with a message. */
export const ERROR_SELECTOR = '0x08c379a0';
/** `Panic(uint256)`: a failed `assert`, an overflow, a division by zero… */
export const PANIC_SELECTOR = '0x4e487b71';

/** What each Panic code means, as the Solidity documentation lists them. */
const PANIC_MEANINGS: Readonly<Record<string, PlainMessageId>> = {
  '0': 'core.contracts:panic.generic',
  '1': 'core.contracts:panic.assert',
  '17': 'core.contracts:panic.overflow',
  '18': 'core.contracts:panic.divisionByZero',
  '33': 'core.contracts:panic.enum',
  '34': 'core.contracts:panic.storageBytes',
  '49': 'core.contracts:panic.popEmpty',
  '50': 'core.contracts:panic.outOfBounds',
  '65': 'core.contracts:panic.outOfMemory',
  '81': 'core.contracts:panic.invalidFunction',
};

export type StandardRevert =
  | { kind: 'message'; message: string }
  | { kind: 'panic'; code: bigint; meaning: Message | undefined };

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
    const meaning = PANIC_MEANINGS[code.toString()];
    return { kind: 'panic', code, meaning: meaning === undefined ? undefined : msg(meaning) };
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

/**
 * The sentence for a standard revert: its message (the contract's own words), or `panic: ` and
 * what the code means.
 */
export function standardRevertReason(revert: StandardRevert): Message | string {
  if (revert.kind === 'message') return revert.message;
  const meaning =
    revert.meaning ?? msg('core.contracts:revert.panicCode', { code: codeValue(`0x${revert.code.toString(16)}`) });
  return msg('core.contracts:revert.panic', { meaning });
}

/** `custom error 0x…`: an error Cairn has no ABI for, named by its selector. */
export function customErrorReason(selector: string): Message {
  return msg('core.contracts:revert.customError', { selector: codeValue(selector) });
}

/**
 * The reason a revert gives without any ABI: its message, its panic, or `custom error 0x…` naming
 * the selector of any other error. Undefined for data too short to hold a selector and for a
 * malformed Error(string).
 */
export function revertDataReason(data: Hex): Message | string | undefined {
  const standard = decodeStandardRevert(data);
  if (standard) return standardRevertReason(standard);
  const lower = data.toLowerCase();
  if (lower.startsWith(ERROR_SELECTOR) && lower.length >= 10 + 128) return undefined;
  if (lower.length >= 10) return customErrorReason(lower.slice(0, 10));
  return undefined;
}
