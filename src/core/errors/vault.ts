import { type Message, msg } from '../i18n/message';
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
  /** A passkey's PRF output does not unwrap the vault's key. */
  'VAULT_PASSKEY_REFUSED',
  /** A passkey that is not among those registered for this vault. */
  'VAULT_PASSKEY_UNKNOWN',
  /** A passkey to rename or remove that is no longer registered. */
  'VAULT_PASSKEY_GONE',
  'VAULT_PASSKEY_NAME',
  'VAULT_PASSKEY_EXISTS',
  'VAULT_PASSKEY_LIMIT',
  /** The browser refuses passkeys here (an IP address, an insecure page, no WebAuthn). */
  'VAULT_PASSKEY_UNAVAILABLE',
  /** No authenticator answered, or the person closed the prompt. */
  'VAULT_PASSKEY_CANCELLED',
  /** The authenticator has no PRF extension (or gave no output): it cannot wrap a key. */
  'VAULT_PASSKEY_NO_PRF',
  /** The authenticator did not verify the person (no PIN, biometric or password). */
  'VAULT_PASSKEY_NOT_VERIFIED',
  /** A guardian's name that cannot be kept (empty or too long). */
  'VAULT_GUARDIAN_NAME',
  /** A recovery drill that is no longer open (Cairn locked, or it ended in another window). */
  'VAULT_DRILL_GONE',
  /** Too many wrong words in drills since Cairn unlocked: a drill cannot be a way to guess the phrase. */
  'VAULT_DRILL_TRIES',
] as const;

export type VaultErrorCode = (typeof VAULT_ERROR_CODES)[number];

/** A problem with the encrypted vault or the keys it holds. */
export class VaultError extends CairnError<VaultErrorCode> {
  override readonly name = 'VaultError';
}

export class VaultLockedError extends VaultError {
  constructor() {
    super('VAULT_LOCKED', msg('core.keys:vault.locked'));
  }
}

export class WrongPasswordError extends VaultError {
  constructor() {
    super('VAULT_WRONG_PASSWORD', msg('core.keys:vault.wrongPassword'));
  }
}

/** Too many wrong passwords: unlocking is refused until `retryAt` (ms since epoch). */
export class ThrottledError extends VaultError {
  readonly retryAt: number;

  constructor(retryAt: number, now: number) {
    const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    super('VAULT_THROTTLED', msg('core.keys:vault.throttled', { seconds }));
    this.retryAt = retryAt;
  }
}

/** The password does not meet Cairn's rules; `reason` says which one. */
export class WeakPasswordError extends VaultError {
  constructor(reason: Message) {
    super('VAULT_WEAK_PASSWORD', reason);
  }
}
