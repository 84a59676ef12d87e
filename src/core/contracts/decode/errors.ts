import { type Abi, decodeErrorResult, type Hex } from 'viem';
import {
  customErrorReason,
  decodeStandardRevert,
  ERROR_SELECTOR,
  PANIC_SELECTOR,
  type StandardRevert,
  standardRevertReason,
} from '../../chain/standardErrors';
import type { Message } from '../../i18n/message';
import { indexesFor } from './abiIndex';
import { type DecodedItem, decodedItem, decodedLine } from './decodedItem';

/** What a contract said when it reverted. */
export type DecodedRevert =
  | StandardRevert
  | ({ kind: 'custom'; selector: Hex } & DecodedItem)
  | { kind: 'unknown'; selector: Hex };

/**
 * Decodes revert data: Error(string), Panic(uint256), or a custom error of the contract's own ABIs
 * (then of the standard ones). Undefined when the data is not hex holding at least a selector.
 * Never throws.
 */
export function decodeRevert(data: Hex, contractAbis: readonly Abi[] = []): DecodedRevert | undefined {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{8,}$/.test(data)) return undefined;
  const lower = data.toLowerCase() as Hex;
  const selector = lower.slice(0, 10) as Hex;
  if (selector === ERROR_SELECTOR || selector === PANIC_SELECTOR) {
    return decodeStandardRevert(lower) ?? { kind: 'unknown', selector };
  }
  for (const [index, source] of indexesFor(contractAbis)) {
    const item = index.errors.get(selector);
    if (!item) continue;
    try {
      const { args } = decodeErrorResult({ abi: [item], data: lower });
      return { kind: 'custom', selector, ...decodedItem(item, Array.isArray(args) ? args : [], source) };
    } catch {
      // The arguments do not fit this error: try the next ABI.
    }
  }
  return { kind: 'unknown', selector };
}

/** The reason in one line: the message, `panic: …`, `Name(arg: value, …)` or `custom error 0x…`. */
export function revertReason(revert: DecodedRevert): Message | string {
  if (revert.kind === 'custom') return decodedLine(revert);
  if (revert.kind === 'unknown') return customErrorReason(revert.selector);
  return standardRevertReason(revert);
}
