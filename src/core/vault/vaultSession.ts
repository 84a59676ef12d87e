import type { Address } from 'viem';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Account } from '../accounts/account';
import { isCairnError } from '../errors/base';
import { STORAGE_UNREADABLE_SENTENCE } from '../errors/storageFailure';
import { VaultError, VaultLockedError } from '../errors/vault';
import { msg } from '../i18n/message';
import type { SignRequest } from '../signing/keySigner';
import {
  type AddResult,
  addAccounts,
  addToContents,
  copyNewSecret,
  mergeContents,
  moveAccount,
  type NewAccount,
  type NewSecret,
  nextHdIndex,
  removeAccount,
  renameAccount,
  setAccountHidden,
  wipeNewSecret,
} from './contentsOps';
import { Keyring } from './keyring';
import { assertStrongPassword } from './passwordPolicy';
import { type Change, sealContents, storeNewVault, UnlockedVault } from './unlockedVault';
import { UnlockGuard } from './unlockGuard';
import { keyToKeep, needsUpgrade, openBackupFile } from './vaultBackup';
import { copyContents, type VaultContents, wipeContents } from './vaultContents';
import { deriveVaultKey, newKdf, VAULT_KDF_ITERATIONS, type VaultKey } from './vaultCrypto';
import { MINIMUM_KDF_ITERATIONS, type VaultRecord } from './vaultRecord';
import { type RevealedSecret, summarizeSecret, type VaultSessionOptions, type VaultState } from './vaultState';
import { changedSinceDownload, type Expected, notOpenable, type StoredVault, VaultStorage } from './vaultStorage';

export type { RevealedSecret, SecretSummary, VaultSessionOptions, VaultState, VaultStatus } from './vaultState';

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
 * VAULT_WATCH_ONLY, VAULT_STORAGE_FAILED, VAULT_CHANGED_ELSEWHERE, VAULT_BUSY, INPUT_UNSIGNED_TX.
 */
export class VaultSession {
  readonly store: StoreApi<VaultState>;
  private readonly options: Required<Omit<VaultSessionOptions, 'locks' | 'minimumKdfIterations'>>;
  private readonly storage: VaultStorage;
  private readonly guard: UnlockGuard;
  private unlocked: UnlockedVault | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: VaultSessionOptions) {
    this.options = {
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      kdfIterations: VAULT_KDF_ITERATIONS,
      ...options,
    };
    const minimum = options.minimumKdfIterations ?? Math.min(MINIMUM_KDF_ITERATIONS, this.options.kdfIterations);
    this.storage = new VaultStorage(options.repository, options.locks, minimum);
    this.guard = new UnlockGuard(this.options.settings, this.options.now);
    this.store = createStore<VaultState>()(() => ({
      status: 'loading',
      accounts: [],
      secrets: [],
      lockedBy: undefined,
      damage: undefined,
    }));
  }

  /** Reads the stored vault: empty, locked, damaged or newer (with a way out, never a blank screen). */
  async init(): Promise<void> {
    try {
      this.adoptStored(await this.storage.read());
    } catch (error) {
      // Unreadable storage: shown as a vault that cannot be opened, with its reason, never overwritten.
      this.store.setState({
        status: 'damaged',
        damage: isCairnError(error) ? error.text : STORAGE_UNREADABLE_SENTENCE,
      });
    }
  }

  /** Reads the stored vault again while nothing is unlocked (it may have changed outside this session). */
  refresh(): Promise<void> {
    return this.serial(async () => {
      if (!this.unlocked) this.adoptStored(await this.storage.read());
    });
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
        await this.createWith(contents, await deriveVaultKey(password, newKdf(this.options.kdfIterations)), expected);
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
      if (this.unlocked) return;
      const stored = await this.storage.read();
      this.adoptStored(stored);
      if (stored.kind !== 'record') throw notOpenable(stored);
      const { vaultKey, contents } = await this.guard.open(stored.record, password);
      let record = stored.record;
      // A weaker KDF is replaced by a stronger key even if the upgrade cannot be stored now: every
      // later write then uses it, so a weak key never stamps the current format.
      const key = await keyToKeep(record, vaultKey, password, this.options.kdfIterations);
      if (needsUpgrade(record, this.options.kdfIterations)) {
        const upgraded = await sealContents(contents, key, record.revision + 1);
        const saved = await this.storage.exclusive(() => this.storage.saveIf({ record }, upgraded)).catch(() => false);
        if (saved) record = upgraded;
      }
      this.enter(contents, key, record);
    });
  }

  /** Drops every key from memory (zero-filled) and the vault key. */
  lock(reason: 'user' | 'idle' | 'changed' = 'user'): void {
    this.unlocked?.wipe();
    this.unlocked = undefined;
    if (this.store.getState().status !== 'unlocked') return;
    this.store.setState({ status: 'locked', lockedBy: reason, accounts: [], secrets: [] });
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
      const next = nextHdIndex(vault.contents, secretId);
      if (!next) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.noDerivedAccounts'));
      const { deriveAddresses } = await import('../keys/hd');
      const seed = await vault.keyring.seedOf(secretId);
      if (vault.keyring.isWiped) throw new VaultLockedError();
      const [derived] = deriveAddresses(seed, next.template, next.index, 1);
      if (!derived) throw new Error('no address derived');
      const source = { kind: 'hd' as const, template: next.template, index: derived.index, path: derived.path };
      return vault.write((c) => {
        const spec = { address: derived.address, source, namePrefix };
        const result = addAccounts(c, secretId, [spec], this.ids());
        return { contents: result.contents, value: result.added[0] as Account };
      });
    });
  }

  rename(accountId: string, name: string): Promise<void> {
    return this.mutate((c) => ({ contents: renameAccount(c, accountId, name), value: undefined }));
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
      let newKey: Promise<VaultKey> | undefined;
      await vault.rekey(
        async (record) => (await this.guard.open(record, current)).contents,
        () => {
          newKey ??= deriveVaultKey(next, newKdf(this.options.kdfIterations));
          return newKey;
        },
      );
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
        const key = await keyToKeep(backup.record, backup.key, password, this.options.kdfIterations);
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

  // ——— internals ———

  /** What a new vault must find stored: nothing, or the vault exactly as the person downloaded it. */
  private expectedForNewVault(options: { replaceExisting?: string }): Expected {
    if (this.unlocked) throw new VaultError('VAULT_ALREADY_EXISTS', msg('core.keys:vault.exists'));
    return options.replaceExisting === undefined ? 'absent' : { text: options.replaceExisting };
  }

  /** Stores a new vault where `expected` was, and unlocks it (the caller wipes the contents if it cannot). */
  private async createWith(contents: VaultContents, key: VaultKey, expected: Expected): Promise<void> {
    const record = await storeNewVault(this.storage, contents, key, expected);
    if (!record) {
      this.adoptStored(await this.storage.read());
      throw expected === 'absent'
        ? new VaultError('VAULT_ALREADY_EXISTS', msg('core.keys:vault.savedMeanwhile'))
        : changedSinceDownload();
    }
    this.enter(contents, key, record);
    await this.guard.reset().catch(() => undefined);
  }

  /** Takes in what is stored while locked: the status to show. */
  private adoptStored(stored: StoredVault): void {
    if (this.unlocked) return;
    if (stored.kind === 'empty') this.store.setState({ status: 'empty', damage: undefined, lockedBy: undefined });
    else if (stored.kind === 'unreadable') this.store.setState({ status: stored.status, damage: stored.reason });
    else if (this.store.getState().status !== 'locked')
      this.store.setState({ status: 'locked', lockedBy: 'start', damage: undefined });
  }

  private enter(contents: VaultContents, key: VaultKey, record: VaultRecord): void {
    this.unlocked?.wipe();
    this.unlocked = new UnlockedVault(this.storage, new Keyring(contents), key, record, {
      changed: (next) => this.publish(next),
      lost: (stored) => {
        this.lock('changed');
        this.adoptStored(stored);
      },
    });
    this.publish(contents);
    // The signing code loads on demand; fetch it now, so the first signature does not wait for it.
    void import('../signing/keySigner').catch(() => undefined);
  }

  private publish(contents: VaultContents): void {
    this.store.setState({
      status: 'unlocked',
      lockedBy: undefined,
      damage: undefined,
      accounts: contents.accounts,
      secrets: contents.secrets.map(summarizeSecret),
    });
  }

  private mutate<T>(change: (contents: VaultContents) => Change<T>): Promise<T> {
    return this.serial(() => this.requireUnlocked().write(change));
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private requireUnlocked(): UnlockedVault {
    if (!this.unlocked) throw new VaultLockedError();
    return this.unlocked;
  }

  private ids() {
    return { newId: this.options.newId, now: this.options.now() };
  }
}
