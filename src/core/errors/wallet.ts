import { CairnError, isCairnError } from './base';

export const WALLET_ERROR_CODES = [
  'WALLET_MISSING',
  'WALLET_REJECTED',
  'WALLET_UNAUTHORIZED',
  'WALLET_BUSY',
  'WALLET_DISCONNECTED',
  'WALLET_UNKNOWN_CHAIN',
  'WALLET_WRONG_CHAIN',
  'WALLET_UNSUPPORTED',
  'WALLET_REFUSED',
  'WALLET_ANSWER',
  'WALLET_SENDS_ITSELF',
  'WALLET_UNCLEAR_ANSWER',
  'WALLET_STOPPED_WAITING',
] as const;

export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

/**
 * Failures after a transaction was handed to a browser wallet, which may have sent it all the same
 * (TX_SENT_NOT_SAVED too): never followed by "nothing was sent".
 */
export function mayHaveBeenSent(error: unknown): boolean {
  const code = isCairnError(error) ? error.code : undefined;
  return code === 'TX_SENT_NOT_SAVED' || code === 'WALLET_UNCLEAR_ANSWER' || code === 'WALLET_STOPPED_WAITING';
}

/** A browser wallet (EIP-1193, found through EIP-6963) said no, or could not be reached. */
export class WalletError extends CairnError<WalletErrorCode> {
  override readonly name = 'WalletError';
}
