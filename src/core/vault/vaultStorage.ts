import { isCairnError } from '../errors/base';
import { STORAGE_UNREADABLE_SENTENCE, storageFailureSentence } from '../errors/storageFailure';
import { VaultError, type VaultErrorCode } from '../errors/vault';
import { codeValue, type Message, msg } from '../i18n/message';
import type { VaultRepository } from '../storage/vaultRepository';
import { type LockProvider, memoryLocks } from '../tx/locks';
import { isSameRecord, parseVaultRecord, type VaultRecord } from './vaultRecord';

/**
 * What is stored: nothing, a vault this version reads, or one it must not touch (with the code
 * and words of why: damaged, a KDF weaker than Cairn accepts, or made by a newer Cairn).
 */
export type StoredVault =
  | { kind: 'empty' }
  | { kind: 'record'; record: VaultRecord }
  | { kind: 'unreadable'; status: 'damaged' | 'newer'; code: UnreadableCode; reason: Message };

type UnreadableCode = Extract<VaultErrorCode, 'VAULT_CORRUPTED' | 'VAULT_WEAK_KDF' | 'VAULT_UNSUPPORTED_VERSION'>;

/**
 * What a write expects to find stored: nothing, a record read before, or a vault exactly as the
 * person downloaded it (its text, see storedText) before agreeing to replace or remove it.
 */
export type Expected = 'absent' | { record: VaultRecord } | { text: string };

/** Why a vault that is not a readable record cannot be opened. */
export function notOpenable(stored: Exclude<StoredVault, { kind: 'record' }>): VaultError {
  if (stored.kind === 'empty') return new VaultError('VAULT_NOT_FOUND', msg('core.keys:vault.notFound'));
  return new VaultError(stored.code, stored.reason);
}

function isUnreadableCode(code: string): code is UnreadableCode {
  return code === 'VAULT_CORRUPTED' || code === 'VAULT_WEAK_KDF' || code === 'VAULT_UNSUPPORTED_VERSION';
}

/** A replace or remove the person agreed to, refused because the stored vault is no longer their copy. */
export function changedSinceDownload(): VaultError {
  return new VaultError('VAULT_CHANGED_ELSEWHERE', msg('core.keys:vault.changedSinceDownload'));
}

/** The lock every vault write takes, in every window and worker of this browser profile. */
export const VAULT_WRITE_LOCK = 'cairn-vault-write';

/** A stored value as the text of a file, exactly as downloaded to keep a copy. */
export function storedText(stored: unknown): string {
  return `${JSON.stringify(stored, null, 2)}\n`;
}

function matches(expected: Expected, stored: unknown): boolean {
  if (expected === 'absent') return stored === undefined;
  if ('record' in expected) return isSameRecord(stored, expected.record);
  return stored !== undefined && storedText(stored) === expected.text;
}

/**
 * The stored vault record and the one rule for changing it: writes run one at a time under
 * VAULT_WRITE_LOCK, and each is stored only if the record is still the one it was based on
 * (compared in the same storage transaction). A write that finds another in between is refused,
 * never written over it; the caller applies its change again to the fresh record.
 */
export class VaultStorage {
  constructor(
    private readonly repository: VaultRepository,
    private readonly locks: LockProvider = memoryLocks(),
    private readonly minimumIterations?: number,
  ) {}

  /** What is stored now. Throws VAULT_STORAGE_FAILED when the browser cannot read its storage. */
  async read(): Promise<StoredVault> {
    const raw = await this.load();
    if (raw === undefined) return { kind: 'empty' };
    try {
      return { kind: 'record', record: await this.parse(raw) };
    } catch (error) {
      const code = isCairnError(error) && isUnreadableCode(error.code) ? error.code : 'VAULT_CORRUPTED';
      const said = isCairnError(error) ? error.text : msg('core.keys:vault.unreadable');
      const details = isCairnError(error) ? error.details : undefined;
      const reason = details
        ? msg('core.keys:vault.reasonWithDetails', { reason: said, details: codeValue(details) })
        : said;
      const status = code === 'VAULT_UNSUPPORTED_VERSION' ? 'newer' : 'damaged';
      return { kind: 'unreadable', status, code, reason };
    }
  }

  /** Checks a record from a file or storage: see parseVaultRecord. */
  parse(raw: unknown): Promise<VaultRecord> {
    return parseVaultRecord(
      raw,
      this.minimumIterations === undefined ? {} : { minimumIterations: this.minimumIterations },
    );
  }

  /** The stored value as text, exactly as stored (to download a vault this version cannot open). */
  async rawText(): Promise<string | undefined> {
    const raw = await this.load();
    return raw === undefined ? undefined : storedText(raw);
  }

  private async load(): Promise<unknown> {
    try {
      return await this.repository.load();
    } catch (error) {
      // Storage that says why it cannot be read (see unavailableVaultRepository) keeps its words.
      if (error instanceof VaultError) throw error;
      throw new VaultError('VAULT_STORAGE_FAILED', STORAGE_UNREADABLE_SENTENCE, { cause: error });
    }
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.locks.withLock(VAULT_WRITE_LOCK, task);
  }

  /**
   * Stores `next` if what is stored is still `expected`; false when another write came first.
   * Throws VAULT_STORAGE_FAILED (in words: storage full, or refused) and then nothing changed.
   */
  async saveIf(expected: Expected, next: VaultRecord): Promise<boolean> {
    try {
      return await this.repository.saveIf((stored) => matches(expected, stored), next);
    } catch (error) {
      throw new VaultError('VAULT_STORAGE_FAILED', storageFailureSentence(error, 'vault'), { cause: error });
    }
  }

  /** Removes the stored vault if it is still `expected`; false when it changed first. Throws VAULT_STORAGE_FAILED. */
  async clearIf(expected: Expected): Promise<boolean> {
    try {
      return await this.repository.clearIf((stored) => matches(expected, stored));
    } catch (error) {
      throw new VaultError('VAULT_STORAGE_FAILED', storageFailureSentence(error, 'theChange'), { cause: error });
    }
  }
}
