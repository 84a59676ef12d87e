import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Account } from '../accounts/account';
import { isCairnError } from '../errors/base';
import { ThrottledError, VaultError, VaultLockedError, WrongPasswordError } from '../errors/vault';
import type { PhraseLanguage } from '../keys/wordlists';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { SettingsSchema } from '../storage/settingsSchema';
import type { VaultRepository } from '../storage/vaultRepository';
import {
  type AddResult,
  addAccounts,
  addToContents,
  moveAccount,
  type NewAccount,
  type NewSecret,
  nextHdIndex,
  removeAccount,
  renameAccount,
  setAccountHidden,
} from './contentsOps';
import { Keyring } from './keyring';
import { assertStrongPassword, type PasswordEstimator } from './passwordPolicy';
import { nextAttemptAt, type ThrottleState } from './unlockThrottle';
import { decodeContents, encodeContents, type SecretOrigin, type VaultContents, wipeContents } from './vaultContents';
import { deriveVaultKey, newKdf, openVault, sealVault, VAULT_KDF_ITERATIONS, type VaultKey } from './vaultCrypto';
import { parseVaultRecord, type VaultRecord } from './vaultRecord';

export type VaultStatus = 'loading' | 'empty' | 'locked' | 'unlocked' | 'damaged';

/** What the UI may know about a secret: never its bytes. */
export type SecretSummary = {
  id: string;
  kind: 'phrase' | 'privateKey';
  origin: SecretOrigin;
  backedUp: boolean;
  language: PhraseLanguage | undefined;
  hasPassphrase: boolean;
};

export type VaultState = {
  status: VaultStatus;
  /** Accounts and secrets are known only while unlocked (they are encrypted at rest). */
  accounts: Account[];
  secrets: SecretSummary[];
  selectedAccountId: string | undefined;
  /** Why the vault is locked: at start, by the person, or after being idle. */
  lockedBy: 'start' | 'user' | 'idle' | undefined;
  /** Technical detail when the stored vault cannot be read. */
  damage: string | undefined;
};

export type VaultSessionOptions = {
  repository: VaultRepository;
  settings: KeyValueStore<SettingsSchema>;
  estimator: () => Promise<PasswordEstimator>;
  now?: () => number;
  newId?: () => string;
  /** PBKDF2 iterations for new vaults; tests lower it to stay fast. */
  kdfIterations?: number;
};

export type RevealedSecret =
  | { kind: 'phrase'; phrase: string; passphrase: string }
  | { kind: 'privateKey'; privateKey: string };

const NO_THROTTLE: ThrottleState = { failures: 0, lastFailureAt: 0 };

/**
 * The vault's life: empty → (create) → unlocked ⇄ locked, and every change to accounts while
 * unlocked. Keys live in a Keyring only while unlocked; the vault key is a non-extractable
 * CryptoKey; the password is never kept. Changes are applied one at a time, each encrypted and
 * saved before the in-memory state moves on, so a failed write changes nothing.
 *
 * Errors: VAULT_WRONG_PASSWORD, VAULT_THROTTLED, VAULT_WEAK_PASSWORD, VAULT_LOCKED,
 * VAULT_CORRUPTED, VAULT_UNSUPPORTED_VERSION, VAULT_ALREADY_EXISTS, VAULT_DUPLICATE_ACCOUNT,
 * VAULT_ACCOUNT_NOT_FOUND, VAULT_ACCOUNT_NAME, VAULT_WATCH_ONLY, VAULT_STORAGE_FAILED.
 */
export class VaultSession {
  readonly store: StoreApi<VaultState>;
  private readonly options: Required<Omit<VaultSessionOptions, 'kdfIterations'>> & { kdfIterations: number };
  private keyring: Keyring | undefined;
  private vaultKey: VaultKey | undefined;
  private record: VaultRecord | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: VaultSessionOptions) {
    this.options = {
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      kdfIterations: VAULT_KDF_ITERATIONS,
      ...options,
    };
    this.store = createStore<VaultState>()(() => ({
      status: 'loading',
      accounts: [],
      secrets: [],
      selectedAccountId: undefined,
      lockedBy: undefined,
      damage: undefined,
    }));
  }

  /** Reads the stored vault: empty, locked, or damaged (with a way out, never a blank screen). */
  async init(): Promise<void> {
    const raw = await this.options.repository.load();
    if (raw === undefined) {
      this.store.setState({ status: 'empty' });
      return;
    }
    try {
      this.record = await parseVaultRecord(raw);
      this.store.setState({ status: 'locked', lockedBy: 'start' });
    } catch (error) {
      this.store.setState({
        status: 'damaged',
        damage: isCairnError(error) ? (error.details ?? error.shortMessage) : 'unreadable',
      });
    }
  }

  /** Creates the vault with its first secret and accounts, and unlocks it. */
  create(password: string, secret: NewSecret | undefined, accounts: readonly NewAccount[]): Promise<AddResult> {
    return this.serial(async () => {
      const status = this.store.getState().status;
      if (status !== 'empty' && status !== 'damaged') {
        throw new VaultError('VAULT_ALREADY_EXISTS', 'Cairn already has a vault on this device.');
      }
      assertStrongPassword(password, await this.options.estimator());
      const result = addToContents({ secrets: [], accounts: [] }, secret, accounts, this.ids());
      const vaultKey = await deriveVaultKey(password, newKdf(this.options.kdfIterations));
      await this.persist(result.contents, vaultKey);
      this.enter(result.contents, vaultKey);
      await this.resetThrottle();
      this.select(result.added[0]?.id);
      return result;
    });
  }

  /** Opens the vault with the password. Upgrades weaker KDF parameters on the way. */
  unlock(password: string): Promise<void> {
    return this.serial(async () => {
      if (this.store.getState().status === 'unlocked') return;
      const record = this.requireRecord();
      const { vaultKey, contents } = await this.openWithPassword(record, password);
      let key = vaultKey;
      if (record.kdf.iterations < this.options.kdfIterations) {
        key = await deriveVaultKey(password, newKdf(this.options.kdfIterations));
        await this.persist(contents, key);
      }
      this.enter(contents, key);
      const saved = await this.options.settings.get('selectedAccountId');
      this.select(saved);
    });
  }

  /** Drops every key from memory (zero-filled) and the vault key. */
  lock(reason: 'user' | 'idle' = 'user'): void {
    this.keyring?.wipe();
    this.keyring = undefined;
    this.vaultKey = undefined;
    if (this.store.getState().status !== 'unlocked') return;
    this.store.setState({ status: 'locked', lockedBy: reason, accounts: [], secrets: [] });
  }

  /** Adds a secret and/or accounts to the unlocked vault. */
  add(secret: NewSecret | undefined, accounts: readonly NewAccount[]): Promise<AddResult> {
    return this.mutate((contents) => {
      const result = addToContents(contents, secret, accounts, this.ids());
      return { contents: result.contents, value: result };
    });
  }

  /** Adds the next account of an HD secret (under the path its accounts already use). */
  addNextAccount(secretId: string): Promise<Account> {
    return this.serial(async () => {
      const keyring = this.keyring;
      if (!keyring) throw new VaultLockedError();
      const next = nextHdIndex(keyring.current(), secretId);
      if (!next)
        throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'This secret has no derived accounts to continue from.');
      const seed = await keyring.seedOf(secretId);
      const { deriveAddresses } = await import('../keys/hd');
      const [derived] = deriveAddresses(seed, next.template, next.index, 1);
      if (!derived) throw new Error('no address derived');
      return this.applyChange((c) => {
        const result = addAccounts(
          c,
          secretId,
          [
            {
              address: derived.address,
              source: { kind: 'hd', template: next.template, index: derived.index, path: derived.path },
            },
          ],
          this.ids(),
        );
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

  /** Removes an account (and its secret when no other account uses it). */
  remove(accountId: string): Promise<{ removedSecret: boolean }> {
    return this.mutate((c) => {
      const removedSecretId = removedSecretOf(c, accountId);
      const { contents, removedSecret } = removeAccount(c, accountId);
      return {
        contents,
        value: { removedSecret },
        // Wipe the removed secret's bytes only once the change is saved.
        after: () => {
          const gone = c.secrets.find((s) => s.id === removedSecretId);
          if (gone) wipeContents({ secrets: [gone], accounts: [] });
        },
      };
    });
  }

  selectAccount(accountId: string): void {
    this.select(accountId);
  }

  /** A copy of the account's private key for signing; the caller zero-fills it after use. */
  async privateKeyFor(accountId: string): Promise<Uint8Array> {
    const keyring = this.keyring;
    if (!keyring) throw new VaultLockedError();
    return keyring.privateKeyFor(this.requireAccount(accountId));
  }

  /** Checks the password again (e.g. before revealing a secret). Throttled like unlock. */
  verifyPassword(password: string): Promise<void> {
    return this.serial(async () => {
      if (!this.keyring) throw new VaultLockedError();
      const { contents } = await this.openWithPassword(this.requireRecord(), password);
      wipeContents(contents);
    });
  }

  /** The recovery phrase (and BIP39 passphrase) or private key behind an account, after the password. */
  async reveal(accountId: string, what: 'phrase' | 'privateKey', password: string): Promise<RevealedSecret> {
    await this.verifyPassword(password);
    const keyring = this.keyring;
    if (!keyring) throw new VaultLockedError();
    const account = this.requireAccount(accountId);
    if (account.source.kind === 'watch') {
      throw new VaultError('VAULT_WATCH_ONLY', 'This is a watch-only account: there is no key to reveal.');
    }
    if (what === 'phrase') {
      const secret = keyring.secret(account.source.secretId);
      if (secret.kind !== 'phrase')
        throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'This account has no recovery phrase.');
      const decoder = new TextDecoder();
      return { kind: 'phrase', phrase: decoder.decode(secret.phrase), passphrase: decoder.decode(secret.passphrase) };
    }
    const key = await keyring.privateKeyFor(account);
    const hex = `0x${Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    key.fill(0);
    return { kind: 'privateKey', privateKey: hex };
  }

  /** The encrypted vault as a backup file's text (it opens only with the vault password). */
  exportBackup(): string {
    if (!this.keyring) throw new VaultLockedError();
    return `${JSON.stringify(this.requireRecord(), null, 2)}\n`;
  }

  /**
   * Restores a backup made by exportBackup. With no vault yet (or a damaged one) the backup
   * becomes the vault; when unlocked, its secrets and accounts are added to the current vault.
   */
  importBackup(text: string, password: string): Promise<{ added: number }> {
    return this.serial(async () => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw new VaultError('VAULT_CORRUPTED', 'This file is not a Cairn vault backup (it is not JSON).');
      }
      const record = await parseVaultRecord(raw);
      const backupKey = await deriveVaultKey(password, record.kdf);
      const plaintext = await openVault(record, backupKey);
      const backup = decodeContents(plaintext);
      plaintext.fill(0);
      const status = this.store.getState().status;
      if (status === 'empty' || status === 'damaged') {
        const key =
          record.kdf.iterations < this.options.kdfIterations
            ? await deriveVaultKey(password, newKdf(this.options.kdfIterations))
            : backupKey;
        await this.persist(backup, key);
        this.enter(backup, key);
        await this.resetThrottle();
        this.select(backup.accounts.find((a) => !a.hidden)?.id);
        return { added: backup.accounts.length };
      }
      if (!this.keyring) throw new VaultLockedError();
      try {
        return await this.mergeBackup(backup);
      } finally {
        wipeContents(backup);
      }
    });
  }

  /** Deletes the vault from this device (for "forgot password": restore from the phrase after). */
  reset(): Promise<void> {
    return this.serial(async () => {
      this.lock('user');
      await this.options.repository.clear();
      await this.options.settings.delete('selectedAccountId');
      await this.resetThrottle();
      this.record = undefined;
      this.store.setState({
        status: 'empty',
        accounts: [],
        secrets: [],
        selectedAccountId: undefined,
        damage: undefined,
        lockedBy: undefined,
      });
    });
  }

  /** When the next unlock attempt is allowed (ms since epoch). */
  async retryAt(): Promise<number> {
    return nextAttemptAt((await this.options.settings.get('unlockThrottle')) ?? NO_THROTTLE);
  }

  // ——— internals ———

  private async mergeBackup(backup: VaultContents): Promise<{ added: number }> {
    let added = 0;
    for (const secret of backup.secrets) {
      const accounts = backup.accounts.filter((a) => a.source.kind !== 'watch' && a.source.secretId === secret.id);
      const fresh: NewSecret =
        secret.kind === 'phrase'
          ? {
              kind: 'phrase',
              phrase: secret.phrase.slice(),
              passphrase: secret.passphrase.slice(),
              language: secret.language,
              origin: secret.origin,
              backedUp: secret.backedUp,
            }
          : { kind: 'privateKey', privateKey: secret.privateKey.slice(), origin: secret.origin };
      added += await this.addQuietly(fresh, accounts.map(toNewAccount));
    }
    const watched = backup.accounts.filter((a) => a.source.kind === 'watch');
    if (watched.length > 0) added += await this.addQuietly(undefined, watched.map(toNewAccount));
    return { added };
  }

  private async addQuietly(secret: NewSecret | undefined, accounts: NewAccount[]): Promise<number> {
    try {
      const result = await this.applyChange((c) => {
        const r = addToContents(c, secret, accounts, this.ids());
        return { contents: r.contents, value: r };
      });
      return result.added.length;
    } catch (error) {
      if (isCairnError(error) && error.code === 'VAULT_DUPLICATE_ACCOUNT') return 0;
      throw error;
    }
  }

  private async openWithPassword(
    record: VaultRecord,
    password: string,
  ): Promise<{ vaultKey: VaultKey; contents: VaultContents }> {
    const now = this.options.now();
    const throttle = (await this.options.settings.get('unlockThrottle')) ?? NO_THROTTLE;
    const allowedAt = nextAttemptAt(throttle);
    if (now < allowedAt) throw new ThrottledError(allowedAt, now);
    const vaultKey = await deriveVaultKey(password, record.kdf);
    let plaintext: Uint8Array;
    try {
      plaintext = await openVault(record, vaultKey);
    } catch (error) {
      if (error instanceof WrongPasswordError) {
        await this.options.settings.set('unlockThrottle', { failures: throttle.failures + 1, lastFailureAt: now });
      }
      throw error;
    }
    try {
      return { vaultKey, contents: decodeContents(plaintext) };
    } finally {
      plaintext.fill(0);
      if (throttle.failures > 0) await this.resetThrottle();
    }
  }

  private async resetThrottle(): Promise<void> {
    await this.options.settings.set('unlockThrottle', NO_THROTTLE);
  }

  private async persist(contents: VaultContents, vaultKey: VaultKey): Promise<void> {
    const plaintext = encodeContents(contents);
    const record = await sealVault(plaintext, vaultKey);
    plaintext.fill(0);
    try {
      await this.options.repository.save(record);
    } catch (error) {
      throw new VaultError(
        'VAULT_STORAGE_FAILED',
        'Cairn could not save the vault on this device. Nothing was changed.',
        { cause: error },
      );
    }
    this.record = record;
  }

  private enter(contents: VaultContents, vaultKey: VaultKey): void {
    this.keyring?.wipe();
    this.keyring = new Keyring(contents);
    this.vaultKey = vaultKey;
    this.publish(contents);
  }

  private publish(contents: VaultContents): void {
    this.store.setState({
      status: 'unlocked',
      lockedBy: undefined,
      damage: undefined,
      accounts: contents.accounts,
      secrets: contents.secrets.map((s) => ({
        id: s.id,
        kind: s.kind,
        origin: s.origin,
        backedUp: s.backedUp,
        language: s.kind === 'phrase' ? s.language : undefined,
        hasPassphrase: s.kind === 'phrase' && s.passphrase.length > 0,
      })),
    });
    const selected = this.store.getState().selectedAccountId;
    if (!contents.accounts.some((a) => a.id === selected)) this.select(undefined);
  }

  private select(accountId: string | undefined): void {
    const { accounts } = this.store.getState();
    const chosen =
      accounts.find((a) => a.id === accountId && !a.hidden) ?? accounts.find((a) => !a.hidden) ?? accounts[0];
    this.store.setState({ selectedAccountId: chosen?.id });
    if (chosen) void this.options.settings.set('selectedAccountId', chosen.id);
  }

  private mutate<T>(
    change: (contents: VaultContents) => { contents: VaultContents; value: T; after?: () => void },
  ): Promise<T> {
    return this.serial(() => this.applyChange(change));
  }

  private async applyChange<T>(
    change: (contents: VaultContents) => { contents: VaultContents; value: T; after?: () => void },
  ): Promise<T> {
    const keyring = this.keyring;
    const vaultKey = this.vaultKey;
    if (!keyring || !vaultKey) throw new VaultLockedError();
    const next = change(keyring.current());
    await this.persist(next.contents, vaultKey);
    this.keyring = keyring.replaceContents(next.contents);
    next.after?.();
    this.publish(next.contents);
    return next.value;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private requireRecord(): VaultRecord {
    if (!this.record) throw new VaultError('VAULT_NOT_FOUND', 'There is no vault on this device yet.');
    return this.record;
  }

  private requireAccount(accountId: string): Account {
    const account = this.store.getState().accounts.find((a) => a.id === accountId);
    if (!account) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'This account is no longer in Cairn.');
    return account;
  }

  private ids() {
    return { newId: this.options.newId, now: this.options.now() };
  }
}

function removedSecretOf(contents: VaultContents, accountId: string): string | undefined {
  const account = contents.accounts.find((a) => a.id === accountId);
  if (!account || account.source.kind === 'watch') return undefined;
  const secretId = account.source.secretId;
  return contents.accounts.some(
    (a) => a.id !== accountId && a.source.kind !== 'watch' && a.source.secretId === secretId,
  )
    ? undefined
    : secretId;
}

function toNewAccount(account: Account): NewAccount {
  const source = account.source;
  return {
    address: account.address,
    name: account.name,
    demo: account.demo,
    source:
      source.kind === 'hd'
        ? { kind: 'hd', template: source.template, index: source.index, path: source.path }
        : { kind: source.kind },
  };
}
