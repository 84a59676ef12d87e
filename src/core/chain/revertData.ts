import type { Hex } from 'viem';
import { findCause } from '../errors/causeChain';
import type { Message } from '../i18n/message';
import { revertDataReason } from './standardErrors';

/**
 * Standard revert data as a sentence: the Error(string) message (the contract's own words, a
 * string), `panic: …` with the Panic code's meaning, or `custom error 0x…` for any other error
 * (Cairn's words, Messages; decodeRevert in core/contracts/decode/errors.ts names custom errors
 * of an ABI). Undefined for data without a selector or a malformed Error(string).
 */
export function decodeRevertData(data: Hex): Message | string | undefined {
  return revertDataReason(data);
}

/** Revert data held by one error object: `data` itself, or `data.data` (nodes put it in either). */
function revertDataOf(link: unknown): Hex | undefined {
  if (typeof link !== 'object' || link === null) return undefined;
  const data = (link as { data?: unknown }).data;
  const candidate =
    typeof data === 'string'
      ? data
      : typeof (data as { data?: unknown } | undefined)?.data === 'string'
        ? (data as { data: string }).data
        : undefined;
  return candidate && /^0x[0-9a-fA-F]{8,}$/.test(candidate) ? (candidate as Hex) : undefined;
}

/** Revert data anywhere in an error's cause chain (nodes put it in different places). */
export function findRevertData(error: unknown): Hex | undefined {
  return revertDataOf(findCause(error, (link) => revertDataOf(link) !== undefined));
}
