import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Account } from '../accounts/account';
import { isCairnError } from '../errors/base';
import { VaultError, VaultLockedError } from '../errors/vault';
import {
  type AddResult,
  addAccounts,
  addToContents,
  mergeContents,
  moveAccount,
  type NewAccount,
  type NewSecret,
  nextHdIndex,
  removeAccount,
  renameAccount,
  secretOrphanedByRemoval,
  setAccountHidden,
} from './contentsOps';
import { Keyring } from './keyring';
import { assertStrongPassword } from './passwordPolicy';
import { UnlockGuard } from './unlockGuard';
import { decodeContents, encodeContents, type VaultContents, wipeContents } from './vaultContents';
import { deriveVaultKey, newKdf, openVault, sealVault, VAULT_KDF_ITERATIONS, type VaultKey } from './vaultCrypto';
import { parseVaultRecord, type VaultRecord } from './vaultRecord';
import { type RevealedSecret, summarizeSecret, type VaultSessionOptions, type VaultState } from './vaultState';

export type { RevealedSecret, SecretSummary, VaultSessionOptions, VaultState, VaultStatus } from './vaultState';

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
  private readonly guard: UnlockGuard;

  constructor(options: VaultSessionOptions) {
    this.options = {
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      kdfIterations: VAULT_KDF_ITERATIONS,
      ...options,
    };
    this.guard = new UnlockGuard(this.options.settings, this.options.now);
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
      await this.guard.reset();
      this.select(result.added[0]?.id);
      return result;
    });
  }

  /** Opens the vault with the password. Upgrades weaker KDF parameters on the way. */
  unlock(password: string): Promise<void> {
    return this.serial(async () => {
      if (this.store.getState().status === 'unlocked') return;
      const record = this.requireRecord();
      const { vaultKey, contents } = await this.guard.open(record, password);
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
      const removedSecretId = secretOrphanedByRemoval(c, accountId)?.id;
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
      const { contents } = await this.guard.open(this.requireRecord(), password);
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
        await this.guard.reset();
        this.select(backup.accounts.find((a) => !a.hidden)?.id);
        return { added: backup.accounts.length };
      }
      if (!this.keyring) throw new VaultLockedError();
      try {
        return await this.applyChange((current) => {
          const merged = mergeContents(current, backup, this.ids());
          return { contents: merged.contents, value: { added: merged.added } };
        });
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
      await this.guard.reset();
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
  retryAt(): Promise<number> {
    return this.guard.retryAt();
  }

  // ——— internals ———

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
      secrets: contents.secrets.map(summarizeSecret),
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
