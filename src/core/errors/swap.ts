import { CairnError } from './base';

export const SWAP_ERROR_CODES = ['SWAP_HEAD_AHEAD'] as const;

export type SwapErrorCode = (typeof SWAP_ERROR_CODES)[number];

/** A swap Cairn will not prepare, with the reason (a node's head far ahead of the device's clock). */
export class SwapError extends CairnError<SwapErrorCode> {
  override readonly name = 'SwapError';
}
