import { CairnError } from './base';

export const SAFE_ERROR_CODES = [
  'SAFE_NOT_A_SAFE',
  'SAFE_UNKNOWN_CODE',
  'SAFE_SIGNATURE_MALFORMED',
  'SAFE_SIGNATURE_NOT_OWNER',
  'SAFE_SIGNATURE_DUPLICATE',
  'SAFE_SIGNATURE_OTHER_TX',
  'SAFE_SIGNATURE_UNSUPPORTED',
  'SAFE_DELEGATECALL_REFUSED',
  'SAFE_NOT_OWNER',
  'SAFE_NONCE_FAR',
  'SAFE_REFUND_REFUSED',
  'SAFE_NOT_CONFIRMED',
  'SAFE_EXECUTION_REVERTS',
  'SAFE_IMPORT_MALFORMED',
] as const;

export type SafeErrorCode = (typeof SAFE_ERROR_CODES)[number];

/**
 * A Safe multisig cannot be added, or one of its transactions proposed, confirmed, passed on or
 * executed (the node's own refusals stay ChainErrors).
 */
export class SafeError extends CairnError<SafeErrorCode> {
  override readonly name = 'SafeError';
}
