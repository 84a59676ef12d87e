import { CairnError } from './base';

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
] as const;

export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

/** A browser wallet (EIP-1193, found through EIP-6963) said no, or could not be reached. */
export class WalletError extends CairnError<WalletErrorCode> {
  override readonly name = 'WalletError';
}
