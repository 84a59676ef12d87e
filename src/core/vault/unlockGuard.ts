import { ThrottledError, WrongPasswordError } from '../errors/vault';
import type { KeyValueStore } from '../storage/keyValueStore';
import { openWithPassword, type PasswordOpened } from './keyWrapping';
import { nextAttemptAt, type ThrottleState } from './unlockThrottle';
import { decodeContents, type VaultContents } from './vaultContents';
import type { VaultRecord } from './vaultRecord';
import type { VaultSettings } from './vaultSettings';

const NO_THROTTLE: ThrottleState = { failures: 0, lastFailureAt: 0 };

/**
 * Every password check goes through here (unlock, reveal, export, a new password or passkey): it
 * refuses to try while the throttle says wait, counts wrong passwords in the persisted settings,
 * and clears the count on success.
 *
 * Errors: VAULT_THROTTLED, VAULT_WRONG_PASSWORD, VAULT_CORRUPTED.
 */
export class UnlockGuard {
  constructor(
    private readonly settings: KeyValueStore<VaultSettings>,
    private readonly now: () => number,
  ) {}

  /** Opens a record with the password: its keys and contents (the caller wipes the contents). */
  open(record: VaultRecord, password: string): Promise<PasswordOpened & { contents: VaultContents }> {
    return this.attempt(async () => {
      const { plaintext, ...keys } = await openWithPassword(record, password);
      try {
        return { ...keys, contents: decodeContents(plaintext) };
      } finally {
        plaintext.fill(0);
      }
    });
  }

  /** Runs one check of the password (it throws VAULT_WRONG_PASSWORD when wrong) under the throttle. */
  async attempt<T>(check: () => Promise<T>): Promise<T> {
    const now = this.now();
    const throttle = await this.state();
    const allowedAt = nextAttemptAt(throttle);
    if (now < allowedAt) throw new ThrottledError(allowedAt, now);
    let wrong = false;
    try {
      return await check();
    } catch (error) {
      if (error instanceof WrongPasswordError) {
        wrong = true;
        // Counted on top of what is stored (another window may count too). If it cannot be
        // stored (a full disk), the wrong password is still the answer.
        await this.settings
          .update('unlockThrottle', (stored) => ({
            failures: (stored ?? NO_THROTTLE).failures + 1,
            lastFailureAt: now,
          }))
          .catch(() => undefined);
      }
      throw error;
    } finally {
      // The right password clears the count; failing to store that must not refuse it.
      if (!wrong && throttle.failures > 0) await this.reset().catch(() => undefined);
    }
  }

  /** When the next attempt is allowed (ms since epoch). */
  async retryAt(): Promise<number> {
    return nextAttemptAt(await this.state());
  }

  async reset(): Promise<void> {
    await this.settings.set('unlockThrottle', NO_THROTTLE);
  }

  private async state(): Promise<ThrottleState> {
    return (await this.settings.get('unlockThrottle')) ?? NO_THROTTLE;
  }
}
