import type { Address } from 'viem';
import type { Account, PasskeyCredential, PendingPasskey } from '../accounts/account';
import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import type { SignRequest } from '../signing/keySigner';
import {
  addAccountPasskey,
  dropRegisteringPasskey,
  moveAccount,
  noteRegisteringPasskey,
  renameAccount,
  setAccountHidden,
} from './accountEdits';
import {
  type AddResult,
  addAccounts,
  addToContents,
  copyNewSecret,
  mergeContents,
  type NewAccount,
  type NewSecret,
  removeAccount,
  wipeNewSecret,
} from './contentsOps';
import { newDataKey, type PasskeyMaterial } from './keyWrapping';
import { assertStrongPassword } from './passwordPolicy';
import type { DrillBackup } from './recoveryDrills';
import type { SplitRequest } from './shareSplits';
import { nextHdAccount } from './unlockedVault';
import { openBackupFile } from './vaultBackup';
import { copyContents, type VaultContents, wipeContents } from './vaultContents';
import { deriveVaultKey, newKdf } from './vaultCrypto';
import { DrillDesk } from './vaultDrills';
import {
  addPasskey,
  changePasskeys,
  changePassword,
  checkPasskeyName,
  openWithPasskey,
  strongPasswordKey,
  upgradeOnOpen,
} from './vaultKeyChanges';
import { VaultSessionBase } from './vaultSessionBase';
import { confirmHandedOut, type MadeSplit, splitVaultPhrase } from './vaultShares';
import type { RevealedSecret } from './vaultState';
import { changedSinceDownload } from './vaultStorage';

export type { PasskeyMaterial } from './keyWrapping';
export type {
  PasskeySummary,
  RevealedSecret,
  SecretSummary,
  VaultSessionOptions,
  VaultState,
  VaultStatus,
} from './vaultState';

/** What adding accounts reports (never the contents: they hold secrets). */
export type AddOutcome = Omit<AddResult, 'contents'>;

/**
 * The vault's life: empty → (create) → unlocked ⇄ locked, and every change while unlocked. Keys
 * live only in the UnlockedVault, dropped and zero-filled on lock; the vault key is a
 * non-extractable CryptoKey; the password is never kept. In the app one session serves the whole
 * browser profile (see VaultHost); the storage rules (UnlockedVault, VaultStorage) hold even if
 * two ever run at once. A vault that cannot be read, or was written by a newer Cairn, is never
 * overwritten without the person's explicit word.
 *
 * Errors: VAULT_WRONG_PASSWORD, VAULT_THROTTLED, VAULT_WEAK_PASSWORD, VAULT_SAME_PASSWORD,
 * VAULT_LOCKED, VAULT_NOT_FOUND, VAULT_CORRUPTED, VAULT_WEAK_KDF, VAULT_UNSUPPORTED_VERSION,
 * VAULT_ALREADY_EXISTS, VAULT_DUPLICATE_ACCOUNT, VAULT_ACCOUNT_NOT_FOUND, VAULT_ACCOUNT_NAME,
 * VAULT_WATCH_ONLY, VAULT_STORAGE_FAILED, VAULT_CHANGED_ELSEWHERE, VAULT_BUSY, INPUT_UNSIGNED_TX,
 * and for passkeys VAULT_PASSKEY_UNKNOWN, VAULT_PASSKEY_REFUSED, VAULT_PASSKEY_GONE,
 * VAULT_PASSKEY_NAME, VAULT_PASSKEY_EXISTS, VAULT_PASSKEY_LIMIT; for drills VAULT_DRILL_GONE,
 * VAULT_DRILL_TRIES.
 */
export class VaultSession extends VaultSessionBase {
  private readonly drills = new DrillDesk(() => this.options.newId());

  override lock(reason: 'user' | 'idle' | 'changed' = 'user'): void {
    this.drills.clear();
    super.lock(reason);
  }

  /**
   * Creates the vault with its first secret and accounts, and unlocks it. A vault already saved
   * here (damaged, newer, or any) is replaced only with `replaceExisting`: the text of it the
   * person downloaded before confirming, and only if it is still exactly what is stored. The
   * secret's bytes are wiped if it is not stored.
   */
  create(
    password: string,
    secret: NewSecret | undefined,
    accounts: readonly NewAccount[],
    options: { replaceExisting?: string } = {},
  ): Promise<AddOutcome> {
    return this.serial(async () => {
      let contents: VaultContents | undefined;
      try {
        const expected = this.expectedForNewVault(options);
        assertStrongPassword(password, await this.options.estimator());
        const added = addToContents({ secrets: [], accounts: [] }, secret, accounts, this.ids());
        contents = added.contents;
        const passwordKey = await deriveVaultKey(password, newKdf(this.options.kdfIterations));
        await this.createWith(contents, await newDataKey(passwordKey), expected);
        const { contents: _, ...outcome } = added;
        return outcome;
      } catch (error) {
        if (contents) wipeContents(contents);
        else if (secret) wipeNewSecret(secret);
        throw error;
      }
    });
  }

  /** Opens the vault with the password. Upgrades a weaker KDF or an older format on the way. */
  unlock(password: string): Promise<void> {
    return this.serial(async () => {
      const record = await this.lockedRecord();
      if (!record) return;
      const opened = await this.guard.open(record, password);
      const kept = await upgradeOnOpen(this.storage, record, opened, password, this.options.kdfIterations);
      this.enter(opened.contents, kept.key, kept.record);
    });
  }

  /**
   * Opens the vault with a passkey's PRF output for its salt (zero-filled here). Not throttled:
   * the output is 32 bytes no one guesses.
   */
  unlockWithPasskey(credentialId: string, prfOutput: Uint8Array): Promise<void> {
    return this.serial(async () => {
      const record = await this.lockedRecord().catch((error: unknown) => {
        prfOutput.fill(0);
        throw error;
      });
      if (!record) {
        prfOutput.fill(0);
        return;
      }
      const { key, contents } = await openWithPasskey(record, credentialId, prfOutput);
      this.enter(contents, key, record);
    });
  }

  /** Adds a passkey that unlocks the vault (the password is checked first; see addPasskey). */
  addPasskey(password: string, passkey: PasskeyMaterial): Promise<void> {
    return this.serial(async () => {
      const options = { now: this.options.now(), kdfIterations: this.options.kdfIterations };
      await addPasskey(this.requireUnlocked(), this.guard, password, passkey, options);
    });
  }

  renamePasskey(credentialId: string, name: string): Promise<void> {
    return this.serial(async () => {
      const clean = checkPasskeyName(name);
      await changePasskeys(this.requireUnlocked(), credentialId, (slot) => ({ ...slot, name: clean }));
    });
  }

  /** Removes a passkey; the others and the password keep opening the vault. */
  removePasskey(credentialId: string): Promise<void> {
    return this.serial(() => changePasskeys(this.requireUnlocked(), credentialId, () => undefined));
  }

  /** Adds a secret and/or accounts to the unlocked vault. The secret's bytes are wiped after. */
  add(secret: NewSecret | undefined, accounts: readonly NewAccount[]): Promise<AddOutcome> {
    return this.mutate((c) => {
      const { contents, ...outcome } = addToContents(c, secret && copyNewSecret(secret), accounts, this.ids());
      return { contents, value: outcome };
    }).finally(() => secret && wipeNewSecret(secret));
  }

  /**
   * Adds the next account of an HD secret (under the path its accounts already use), named
   * `namePrefix` and its number (see NewAccount).
   */
  addNextAccount(secretId: string, namePrefix: string): Promise<Account> {
    return this.serial(async () => {
      const vault = this.requireUnlocked();
      const spec = await nextHdAccount(vault, secretId, namePrefix);
      return vault.write((c) => {
        const result = addAccounts(c, secretId, [spec], this.ids());
        return { contents: result.contents, value: result.added[0] as Account };
      });
    });
  }

  rename(accountId: string, name: string): Promise<void> {
    return this.mutate((c) => ({ contents: renameAccount(c, accountId, name), value: undefined }));
  }

  /** Lists a passkey newly registered on a passkey account (see addAccountPasskey). */
  addAccountPasskey(accountId: string, credential: PasskeyCredential): Promise<void> {
    return this.mutate((c) => ({ contents: addAccountPasskey(c, accountId, credential), value: undefined }));
  }

  /** Notes a passkey whose registration was just sent (see noteRegisteringPasskey). */
  noteRegisteringPasskey(accountId: string, pending: PendingPasskey): Promise<void> {
    return this.mutate((c) => ({ contents: noteRegisteringPasskey(c, accountId, pending), value: undefined }));
  }

  /** Forgets a registration that settled without registering its passkey. */
  dropRegisteringPasskey(accountId: string, credentialId: string): Promise<void> {
    return this.mutate((c) => ({ contents: dropRegisteringPasskey(c, accountId, credentialId), value: undefined }));
  }

  setHidden(accountId: string, hidden: boolean): Promise<void> {
    return this.mutate((c) => ({ contents: setAccountHidden(c, accountId, hidden), value: undefined }));
  }

  move(accountId: string, delta: -1 | 1): Promise<void> {
    return this.mutate((c) => ({ contents: moveAccount(c, accountId, delta), value: undefined }));
  }

  /** Removes an account (and its secret, zero-filled, when no other account uses it). */
  remove(accountId: string): Promise<{ removedSecret: boolean }> {
    return this.mutate((c) => {
      const { contents, removedSecret } = removeAccount(c, accountId);
      return { contents, value: { removedSecret } };
    });
  }

  /**
   * Replaces the password: the current one is checked against the vault as stored now, and the
   * contents are encrypted under a key from the new one (new salt) in one storage write, so an
   * interrupted change leaves the old vault, openable with the old password. Backups made before
   * keep the password they were made with.
   */
  changePassword(current: string, next: string): Promise<void> {
    return this.serial(async () => {
      const vault = this.requireUnlocked();
      if (current.normalize('NFKC') === next.normalize('NFKC')) {
        throw new VaultError('VAULT_SAME_PASSWORD', msg('core.keys:vault.samePassword'));
      }
      assertStrongPassword(next, await this.options.estimator());
      await changePassword(vault, this.guard, current, next, this.options.kdfIterations);
    });
  }

  /** Signs one request with an account's key; the key never leaves this session. */
  async sign(accountId: string, address: Address, request: SignRequest) {
    return this.requireUnlocked().sign(accountId, address, request);
  }

  /** A copy of the account's private key (for tools in this session); the caller zero-fills it. */
  async privateKeyFor(accountId: string): Promise<Uint8Array> {
    const vault = this.requireUnlocked();
    return vault.keyring.privateKeyFor(vault.account(accountId));
  }

  /** Checks the password again (e.g. before revealing a secret). Throttled like unlock. */
  verifyPassword(password: string): Promise<void> {
    return this.serial(async () => {
      const { contents } = await this.guard.open(this.requireUnlocked().storedRecord, password);
      wipeContents(contents);
    });
  }

  /** The recovery phrase (and BIP39 passphrase) or private key behind an account, after the password. */
  async reveal(accountId: string, what: 'phrase' | 'privateKey', password: string): Promise<RevealedSecret> {
    await this.verifyPassword(password);
    return this.requireUnlocked().reveal(accountId, what, this.options.now());
  }

  /**
   * Splits a recovery phrase into SLIP-0039 shares for guardians after the password, and keeps
   * the guardian list (never the shares). See splitVaultPhrase.
   */
  async splitPhrase(secretId: string, password: string, request: SplitRequest): Promise<MadeSplit> {
    await this.verifyPassword(password);
    return this.serial(() => splitVaultPhrase(this.requireUnlocked(), secretId, request, this.ids()));
  }

  /** Notes that a guardian's share was confirmed, word by word, and handed out. */
  confirmShareHandedOut(where: { secretId: string; splitId: string; groupIndex: number; memberIndex: number }) {
    return this.serial(() => confirmHandedOut(this.requireUnlocked(), where, this.options.now()));
  }

  /** Opens a recovery drill of a secret's phrase or split (see DrillDesk.start). */
  async startDrill(secretId: string, backup: DrillBackup) {
    return this.drills.start(this.requireUnlocked(), secretId, backup);
  }

  /** Checks a phrase drill's words; a pass is recorded as of `at` (see DrillDesk.checkWords). */
  checkDrillWords(drillId: string, answers: readonly string[], at: number) {
    return this.serial(() => this.drills.checkWords(this.requireUnlocked(), drillId, answers, at));
  }

  /** Checks a split drill's shares; a pass is recorded as of `at` (see DrillDesk.checkShares). */
  checkDrillShares(drillId: string, shares: readonly string[], at: number) {
    return this.serial(() => this.drills.checkShares(this.requireUnlocked(), drillId, shares, at));
  }

  /** Ends a drill the person could not pass, recording the failure as of `at`. */
  failDrill(drillId: string, at: number) {
    return this.serial(() => this.drills.fail(this.requireUnlocked(), drillId, at));
  }

  /** Closes a drill without recording anything. */
  async cancelDrill(drillId: string): Promise<void> {
    this.drills.cancel(drillId);
  }

  /** The account's private key after the password, for the caller to save as a keystore file and wipe. */
  async exportPrivateKey(accountId: string, password: string): Promise<Uint8Array> {
    await this.verifyPassword(password);
    return this.requireUnlocked().exportKey(accountId, this.options.now());
  }

  /** The encrypted vault as a backup file's text (it opens only with the vault password). */
  async exportBackup(): Promise<string> {
    return this.requireUnlocked().backupText(this.options.now());
  }

  /** The stored vault exactly as stored, if any (to keep a copy of one this version cannot open). */
  storedVaultText(): Promise<string | undefined> {
    return this.storage.rawText();
  }

  /**
   * Restores a backup made by exportBackup. With no vault yet (or, with `replaceExisting`, the
   * vault saved here as the person downloaded it) the backup becomes the vault; when unlocked, its
   * secrets and accounts are added to the current vault.
   */
  importBackup(text: string, password: string, options: { replaceExisting?: string } = {}): Promise<{ added: number }> {
    return this.serial(async () => {
      const backup = await openBackupFile(this.storage, text, password);
      try {
        if (this.unlocked) {
          return await this.unlocked.write((current) => {
            const merged = mergeContents(current, backup.contents, this.ids());
            return { contents: merged.contents, value: { added: merged.added } };
          });
        }
        const expected = this.expectedForNewVault(options);
        // A new data key: the backup's passkeys belong to the vault it was made from.
        const passwordKey = await strongPasswordKey(backup, password, this.options.kdfIterations);
        const key = await newDataKey(passwordKey);
        const copy = copyContents(backup.contents);
        await this.createWith(copy, key, expected).catch((error: unknown) => {
          wipeContents(copy);
          throw error;
        });
        return { added: copy.accounts.length };
      } finally {
        wipeContents(backup.contents);
      }
    });
  }

  /**
   * Deletes the vault from this device (for a forgotten password: restore from the phrase after),
   * only if it is still exactly `downloadedText`, the copy the person kept.
   */
  reset(downloadedText: string): Promise<void> {
    return this.serial(async () => {
      // Checked before anything changes: a refused reset locks no window.
      const removed = await this.storage.exclusive(() => this.storage.clearIf({ text: downloadedText }));
      if (!removed) {
        this.adoptStored(await this.storage.read());
        throw changedSinceDownload();
      }
      this.lock('user');
      await this.guard.reset().catch(() => undefined);
      this.adoptStored({ kind: 'empty' });
    });
  }

  /** When the next unlock attempt is allowed (ms since epoch). */
  retryAt(): Promise<number> {
    return this.guard.retryAt();
  }
}
