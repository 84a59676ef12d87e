import { msg } from '../i18n/message';
import { CairnError } from './base';

export const SMART_ACCOUNT_ERROR_CODES = [
  'SMART_NO_7702',
  'SMART_DELEGATE_NOT_ALLOWED',
  'SMART_DELEGATE_MISMATCH',
  'SMART_DELEGATE_UNVERIFIED',
  'SMART_DELEGATE_ABSENT',
  'SMART_NO_DEPLOYER',
  'SMART_AUTHORIZATION_NONCE',
  'SMART_SIGNER_CANNOT',
  'SMART_BATCH_REVERTS',
  'SMART_PAYER_FUNDS',
  'SMART_PASSKEY_KEY',
  'SMART_PASSKEY_ASSERTION',
  'SMART_PASSKEY_SIGNER',
  'SMART_PASSKEY_REPLAYED',
] as const;

export type SmartAccountErrorCode = (typeof SMART_ACCOUNT_ERROR_CODES)[number];

/**
 * An account's EIP-7702 upgrade, its batches or gas paid by another account cannot go ahead, or
 * did not take effect (the node's own refusals stay ChainErrors).
 */
export class SmartAccountError extends CairnError<SmartAccountErrorCode> {
  override readonly name = 'SmartAccountError';
}

/** The network does not run EIP-7702 (or Cairn cannot send it a type-4 transaction: no EIP-1559 fees). */
export function noEip7702(): SmartAccountError {
  return new SmartAccountError('SMART_NO_7702', msg('core.chain:smartAccount.no7702'));
}

/** An authorization was signed for a nonce the account has since moved past (or not reached). */
export function authorizationNonceMoved(): SmartAccountError {
  return new SmartAccountError('SMART_AUTHORIZATION_NONCE', msg('core.chain:smartAccount.authorizationNonce'));
}
