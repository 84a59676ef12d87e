import { CairnError } from './base';

export const OFFLINE_ERROR_CODES = ['OFFLINE_SIGNER_MISMATCH'] as const;

export type OfflineErrorCode = (typeof OFFLINE_ERROR_CODES)[number];

/** A problem while signing a transaction offline. */
export class OfflineError extends CairnError<OfflineErrorCode> {
  override readonly name = 'OfflineError';
}
