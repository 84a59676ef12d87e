import { CairnError } from './base';

export const VAULT_ERROR_CODES = [
  'VAULT_WRONG_PASSWORD',
  'VAULT_CORRUPTED',
  'VAULT_UNSUPPORTED_VERSION',
  'VAULT_LOCKED',
  'VAULT_NOT_FOUND',
  'VAULT_ALREADY_EXISTS',
  'VAULT_WEAK_PASSWORD',
  'VAULT_THROTTLED',
  'VAULT_ACCOUNT_NOT_FOUND',
  'VAULT_ACCOUNT_NAME',
  'VAULT_DUPLICATE_ACCOUNT',
  'VAULT_WATCH_ONLY',
  'VAULT_KEY_ON_DEVICE',
  'VAULT_STORAGE_FAILED',
  'VAULT_WEAK_KDF',
  'VAULT_SAME_PASSWORD',
  'VAULT_CHANGED_ELSEWHERE',
  'VAULT_BUSY',
  'VAULT_SESSION_LOST',
  'VAULT_SESSION_UNAVAILABLE',
] as const;

export type VaultErrorCode = (typeof VAULT_ERROR_CODES)[number];

/** A problem with the encrypted vault or the keys it holds. */
export class VaultError extends CairnError<VaultErrorCode> {
  override readonly name = 'VaultError';
}

export class VaultLockedError extends VaultError {
  constructor() {
    super('VAULT_LOCKED', 'Cairn is locked. Unlock it with your password to continue.');
  }
}

export class WrongPasswordError extends VaultError {
  constructor() {
    super('VAULT_WRONG_PASSWORD', 'Wrong password.');
  }
}

/** Too many wrong passwords: unlocking is refused until `retryAt` (ms since epoch). */
export class ThrottledError extends VaultError {
  readonly retryAt: number;

  constructor(retryAt: number, now: number) {
    const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    super('VAULT_THROTTLED', `Too many wrong passwords. Try again in ${seconds} s.`);
    this.retryAt = retryAt;
  }
}

/** The password does not meet Cairn's rules; `reason` says which one, in words. */
export class WeakPasswordError extends VaultError {
  constructor(reason: string) {
    super('VAULT_WEAK_PASSWORD', reason);
  }
}
