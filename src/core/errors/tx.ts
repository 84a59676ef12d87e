import { CairnError } from './base';

export const TX_ERROR_CODES = [
  'TX_NOT_FOUND',
  'TX_NONCE_TAKEN',
  'TX_STORAGE_FAILED',
  'TX_REPLACEMENT_FUNDS',
  'TX_REFUSED',
  'TX_SENT_NOT_SAVED',
] as const;

export type TxErrorCode = (typeof TX_ERROR_CODES)[number];

/** A problem with a transaction Cairn stores, tracks or replaces (not the node's refusal: that is a ChainError). */
export class TxError extends CairnError<TxErrorCode> {
  override readonly name = 'TxError';
}
