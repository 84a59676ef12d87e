import { createStore, type StoreApi } from 'zustand/vanilla';
import { isCairnError } from '../errors/base';
import { STORAGE_UNREADABLE_SENTENCE } from '../errors/storageFailure';
import { VaultError, VaultLockedError } from '../errors/vault';
import { msg } from '../i18n/message';
import { Keyring } from './keyring';
import { type Change, storeNewVault, UnlockedVault } from './unlockedVault';
import { UnlockGuard } from './unlockGuard';
import type { VaultContents } from './vaultContents';
import { type ContentKey, VAULT_KDF_ITERATIONS } from './vaultCrypto';
import { passkeysOf } from './vaultKeyChanges';
import { MINIMUM_KDF_ITERATIONS, type VaultRecord } from './vaultRecord';
import { summarizeSecret, type VaultSessionOptions, type VaultState } from './vaultState';
import { changedSinceDownload, type Expected, notOpenable, type StoredVault, VaultStorage } from './vaultStorage';

/**
 * What every VaultSession operation stands on: the state the windows see, the stored vault and
 * its one write rule, the unlocked vault (keys in memory), and the queue that runs one operation
 * at a time. The operations themselves are VaultSession's.
 */
export class VaultSessionBase {
  readonly store: StoreApi<VaultState>;
  protected readonly options: Required<Omit<VaultSessionOptions, 'locks' | 'minimumKdfIterations'>>;
  protected readonly storage: VaultStorage;
  protected readonly guard: UnlockGuard;
  protected unlocked: UnlockedVault | undefined;
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
      passkeys: [],
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

  /** Drops every key from memory (zero-filled) and the vault key. */
  lock(reason: 'user' | 'idle' | 'changed' = 'user'): void {
    this.unlocked?.wipe();
    this.unlocked = undefined;
    if (this.store.getState().status !== 'unlocked') return;
    this.store.setState({ status: 'locked', lockedBy: reason, accounts: [], secrets: [] });
  }

  /** What a new vault must find stored: nothing, or the vault exactly as the person downloaded it. */
  protected expectedForNewVault(options: { replaceExisting?: string }): Expected {
    if (this.unlocked) throw new VaultError('VAULT_ALREADY_EXISTS', msg('core.keys:vault.exists'));
    return options.replaceExisting === undefined ? 'absent' : { text: options.replaceExisting };
  }

  /** Stores a new vault where `expected` was, and unlocks it (the caller wipes the contents if it cannot). */
  protected async createWith(contents: VaultContents, key: ContentKey, expected: Expected): Promise<void> {
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

  /** The stored record to open while locked (undefined when already unlocked). Throws when none can be opened. */
  protected async lockedRecord(): Promise<VaultRecord | undefined> {
    if (this.unlocked) return undefined;
    const stored = await this.storage.read();
    this.adoptStored(stored);
    if (stored.kind !== 'record') throw notOpenable(stored);
    return stored.record;
  }

  /** Takes in what is stored while locked: the status to show, and the passkeys that open it. */
  protected adoptStored(stored: StoredVault): void {
    if (this.unlocked) return;
    const passkeys = passkeysOf(stored.kind === 'record' ? stored.record : undefined);
    if (stored.kind === 'empty') this.store.setState({ status: 'empty', damage: undefined, lockedBy: undefined });
    else if (stored.kind === 'unreadable') this.store.setState({ status: stored.status, damage: stored.reason });
    else if (this.store.getState().status !== 'locked')
      this.store.setState({ status: 'locked', lockedBy: 'start', damage: undefined });
    this.store.setState({ passkeys });
  }

  protected enter(contents: VaultContents, key: ContentKey, record: VaultRecord): void {
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
      passkeys: passkeysOf(this.unlocked?.storedRecord),
    });
  }

  protected mutate<T>(change: (contents: VaultContents) => Change<T>): Promise<T> {
    return this.serial(() => this.requireUnlocked().write(change));
  }

  protected serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  protected requireUnlocked(): UnlockedVault {
    if (!this.unlocked) throw new VaultLockedError();
    return this.unlocked;
  }

  protected ids() {
    return { newId: this.options.newId, now: this.options.now() };
  }
}
