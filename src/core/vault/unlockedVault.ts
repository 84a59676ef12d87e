import type { Address, Hex } from 'viem';
import { type Account, holdsVaultKey, type VaultKeySource } from '../accounts/account';
import { VaultError, VaultLockedError } from '../errors/vault';
import { msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { SignRequest } from '../signing/keySigner';
import { markBackedUp, type NewAccount, nextHdIndex } from './contentsOps';
import { type Keyring, keyOnDevice } from './keyring';
import type { KeySlots } from './keySlots';
import {
  type BackupMethod,
  decodeContents,
  encodeContents,
  type VaultContents,
  wipeContents,
  wipeUnreferenced,
} from './vaultContents';
import { type ContentKey, isDataKey, openVault, rewrappedRecord, sealVault, type VaultKdf } from './vaultCrypto';
import { isWrappedKeyRecord, type VaultRecord, type WrappedKeyRecord } from './vaultRecord';
import type { RevealedSecret } from './vaultState';
import type { Expected, StoredVault, VaultStorage } from './vaultStorage';

export type Change<T> = { contents: VaultContents; value: T };

/** A write about to be stored: new contents under `key`, based on the stored record `based`. */
type Draft<T> = Change<T> & { based: VaultRecord; key: ContentKey; discard(): void };

/** Attempts before a write gives up because other writers keep changing the vault in between. */
const WRITE_ATTEMPTS = 5;

export async function sealContents(contents: VaultContents, key: ContentKey, revision: number): Promise<VaultRecord> {
  const plaintext = encodeContents(contents);
  try {
    return await sealVault(plaintext, key, revision);
  } finally {
    plaintext.fill(0);
  }
}

/** Stores `contents` as a new vault where `expected` is; false when something else got there first. */
export async function storeNewVault(
  storage: VaultStorage,
  contents: VaultContents,
  key: ContentKey,
  expected: Expected,
): Promise<VaultRecord | undefined> {
  const record = await sealContents(contents, key, 1);
  const saved = await storage.exclusive(() => storage.saveIf(expected, record));
  return saved ? record : undefined;
}

/**
 * The secrets a copy of one account's private key backs up: its own key, when that is the secret.
 * The key of one account derived from a phrase is not a copy of the phrase (the phrase's other
 * accounts would still be lost with this browser), so it backs up nothing.
 */
function keyBackupOf(account: Account & { source: VaultKeySource }): string[] {
  return account.source.kind === 'key' ? [account.source.secretId] : [];
}

/** The next account of an HD secret, under the path its accounts already use, named `namePrefix` and its number. */
export async function nextHdAccount(vault: UnlockedVault, secretId: string, namePrefix: string): Promise<NewAccount> {
  const next = nextHdIndex(vault.contents, secretId);
  if (!next) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.noDerivedAccounts'));
  const { deriveAddresses } = await import('../keys/hd');
  const seed = await vault.keyring.seedOf(secretId);
  if (vault.keyring.isWiped) throw new VaultLockedError();
  const [derived] = deriveAddresses(seed, next.template, next.index, 1);
  if (!derived) throw new Error('no address derived');
  const source = { kind: 'hd' as const, template: next.template, index: derived.index, path: derived.path };
  return { address: derived.address, source, namePrefix };
}

export function busyError(): VaultError {
  return new VaultError('VAULT_BUSY', msg('core.keys:vault.busy'));
}

/**
 * The vault while unlocked: its keys (Keyring), its key (non-extractable), and the record the
 * next write must find stored. Every change is a read-modify-write under the vault write lock:
 * the stored record is read again; if another writer changed it, it is decrypted and taken in
 * and the change is applied to it; the result is stored only if the record is still the one it
 * was based on, or the change is applied again. A failed write changes nothing, stored or here.
 */
export class UnlockedVault {
  constructor(
    private readonly storage: VaultStorage,
    readonly keyring: Keyring,
    private key: ContentKey,
    private record: VaultRecord,
    private readonly events: {
      /** The contents changed (a write here, or one by another writer taken in). */
      changed(contents: VaultContents): void;
      /** The stored vault can no longer be opened with this key (removed, replaced, new password). */
      lost(stored: StoredVault): void;
    },
  ) {}

  get contents(): VaultContents {
    return this.keyring.current();
  }

  get storedRecord(): VaultRecord {
    return this.record;
  }

  /** One read-modify-write (see the class comment). Throws VAULT_STORAGE_FAILED, VAULT_BUSY, VAULT_CHANGED_ELSEWHERE. */
  write<T>(change: (contents: VaultContents) => Change<T>): Promise<T> {
    return this.commit(async () => {
      const base = await this.freshContents();
      const next = change(base);
      return {
        based: this.record,
        key: this.key,
        ...next,
        // Secret bytes the change copied in, when it is not stored.
        discard: () => wipeUnreferenced(next.contents, base),
      };
    });
  }

  /**
   * Encrypts the vault as stored now under a new key, checking the current password against that
   * record with `open` (throttled by the caller). One storage write: interrupted, the old vault
   * stays as it was.
   */
  rekey(open: (record: VaultRecord) => Promise<VaultContents>, newKey: () => Promise<ContentKey>): Promise<void> {
    return this.commit(async () => {
      const stored = await this.storage.read();
      if (stored.kind !== 'record') throw this.lose(stored);
      const contents = await open(stored.record);
      const key = await newKey().catch((error: unknown) => {
        wipeContents(contents);
        throw error;
      });
      return { based: stored.record, key, contents, value: undefined, discard: () => wipeContents(contents) };
    });
  }

  /**
   * Changes only the wrapped copies of the data key (and the password's KDF) of a version-3 vault:
   * its ciphertext stays exactly as stored. `change` gets the record as stored now (another
   * writer's change taken in first), and runs again if another write comes in between.
   * Throws VAULT_STORAGE_FAILED, VAULT_BUSY, VAULT_CHANGED_ELSEWHERE, and what `change` throws.
   */
  rewrap(change: (record: WrappedKeyRecord) => Promise<{ kdf: VaultKdf; keys: KeySlots }>): Promise<void> {
    return this.storage.exclusive(async () => {
      for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
        await this.freshContents();
        const based = this.record;
        const key = this.key;
        if (!isWrappedKeyRecord(based) || !isDataKey(key)) throw new Error('only a version-3 vault has wrapped keys');
        const next = await change(based);
        const sealed = await rewrappedRecord(based, next, based.revision + 1);
        if (this.keyring.isWiped) throw new VaultLockedError();
        if (await this.storage.saveIf({ record: based }, sealed)) {
          this.record = sealed;
          this.key = { ...key, ...next };
          this.events.changed(this.contents);
          return;
        }
      }
      throw busyError();
    });
  }

  /** The account with this id. Throws VAULT_ACCOUNT_NOT_FOUND. */
  account(accountId: string): Account {
    const account = this.contents.accounts.find((a) => a.id === accountId);
    if (!account) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.accountGone'));
    return account;
  }

  /** Signs one request with the account's key (the key is taken and wiped by the signer). */
  async sign(accountId: string, address: Address, request: SignRequest): Promise<Hex> {
    const account = this.account(accountId);
    if (!sameAddress(account.address, address)) {
      throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.accountGone'));
    }
    const { signWithKey } = await import('../signing/keySigner');
    return signWithKey(() => this.keyring.privateKeyFor(account), request);
  }

  /** The phrase or key behind an account, for the person to see (noted as a backup). */
  async reveal(accountId: string, what: 'phrase' | 'privateKey', now: number): Promise<RevealedSecret> {
    const account = this.keyAccount(accountId);
    if (what === 'phrase') {
      const secret = this.keyring.secret(account.source.secretId);
      if (secret.kind !== 'phrase') throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.noPhrase'));
      const decoder = new TextDecoder();
      const revealed = { phrase: decoder.decode(secret.phrase), passphrase: decoder.decode(secret.passphrase) };
      await this.recordBackup([secret.id], 'phrase-shown', now);
      return { kind: 'phrase', ...revealed };
    }
    const key = await this.keyring.privateKeyFor(account);
    const privateKey = `0x${Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    key.fill(0);
    await this.recordBackup(keyBackupOf(account), 'key-shown', now);
    return { kind: 'privateKey', privateKey };
  }

  /** A copy of the account's private key to save as a keystore file (noted as a backup); the caller wipes it. */
  async exportKey(accountId: string, now: number): Promise<Uint8Array> {
    const account = this.keyAccount(accountId);
    const key = await this.keyring.privateKeyFor(account);
    await this.recordBackup(keyBackupOf(account), 'keystore-file', now);
    return key;
  }

  /**
   * The encrypted vault as a backup file's text, noted as a backup of every secret. Without the
   * passkeys' copies of the data key: a file opens only with the password (a restore drops them
   * anyway), so a copy kept in the cloud does not open for whoever later holds a passkey.
   */
  async backupText(now: number): Promise<string> {
    await this.recordBackup(
      this.contents.secrets.map((s) => s.id),
      'vault-file',
      now,
    );
    const record = this.record;
    const file = isWrappedKeyRecord(record)
      ? await rewrappedRecord(record, { kdf: record.kdf, keys: { ...record.keys, passkeys: [] } }, record.revision)
      : record;
    return `${JSON.stringify(file, null, 2)}\n`;
  }

  /** Zero-fills every key this vault held; any use afterwards fails with VAULT_LOCKED. */
  wipe(): void {
    this.keyring.wipe();
  }

  /** Notes that copies of these secrets left the browser; failing to note it does not undo the copy. */
  private async recordBackup(secretIds: string[], how: BackupMethod, at: number): Promise<void> {
    if (secretIds.length === 0) return;
    await this.write((c) => ({ contents: markBackedUp(c, secretIds, how, at), value: undefined })).catch(
      () => undefined,
    );
  }

  private keyAccount(accountId: string): Account & { source: VaultKeySource } {
    const account = this.account(accountId);
    if (account.source.kind === 'watch') {
      throw new VaultError('VAULT_WATCH_ONLY', msg('core.keys:vault.watchOnlyReveal'));
    }
    if (!holdsVaultKey(account)) throw keyOnDevice();
    return account;
  }

  /**
   * The one write loop: under the vault write lock, `prepare` makes a draft from the record as
   * stored now; the draft is stored only if that record is still there, or prepared again.
   */
  private commit<T>(prepare: () => Promise<Draft<T>>): Promise<T> {
    return this.storage.exclusive(async () => {
      for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
        const draft = await prepare();
        let saved = false;
        try {
          const sealed = await sealContents(draft.contents, draft.key, draft.based.revision + 1);
          if (this.keyring.isWiped) throw new VaultLockedError();
          saved = await this.storage.saveIf({ record: draft.based }, sealed);
          if (saved) {
            this.key = draft.key;
            this.record = sealed;
          }
        } finally {
          if (!saved) draft.discard();
        }
        if (saved) {
          this.adopt(draft.contents);
          return draft.value;
        }
      }
      throw busyError();
    });
  }

  /**
   * The contents as stored now. When another writer changed the record since it was read here, the
   * new record is decrypted with this key and taken in; when it is gone, unreadable or under
   * another password, the vault is lost (the session locks) and nothing is written.
   */
  private async freshContents(): Promise<VaultContents> {
    if (this.keyring.isWiped) throw new VaultLockedError();
    const stored = await this.storage.read();
    if (stored.kind === 'record' && stored.record.checksum === this.record.checksum) return this.keyring.current();
    if (stored.kind !== 'record') throw this.lose(stored);
    const plaintext = await openVault(stored.record, this.key).catch(() => undefined);
    if (!plaintext) throw this.lose(stored);
    const contents = decodeContents(plaintext);
    plaintext.fill(0);
    this.record = stored.record;
    // Another writer's passkeys or password: the next write keeps them.
    if (isDataKey(this.key) && isWrappedKeyRecord(stored.record)) {
      this.key = { ...this.key, kdf: stored.record.kdf, keys: stored.record.keys };
    }
    this.adopt(contents);
    return contents;
  }

  /**
   * Takes in contents just stored or read. If Cairn locked meanwhile, nothing is taken in: the
   * contents are zero-filled (a stored change stays stored) and later calls fail as locked.
   */
  private adopt(contents: VaultContents): void {
    if (this.keyring.isWiped) {
      wipeContents(contents);
      return;
    }
    this.keyring.replaceContents(contents);
    this.events.changed(contents);
  }

  private lose(stored: StoredVault): VaultError {
    this.events.lost(stored);
    const sentence =
      stored.kind === 'empty'
        ? msg('core.keys:vault.lost.removed')
        : stored.kind === 'unreadable'
          ? msg('core.keys:vault.lost.unreadable')
          : msg('core.keys:vault.lost.rekeyed');
    return new VaultError('VAULT_CHANGED_ELSEWHERE', sentence);
  }
}
