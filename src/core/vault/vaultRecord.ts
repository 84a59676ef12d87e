import { fromBase64, sha256Hex } from '../bytes';
import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import { isRecord } from '../text/guards';
import { type KeySlots, keySlotFields, parseKeySlots } from './keySlots';

/**
 * The vault as stored (IndexedDB) and as exported (backup file): everything needed to open it
 * with the password, and nothing secret in the clear.
 *
 * - `revision`: counts the writes of this vault; a write must name the revision it was based on
 *   and is refused when another window wrote in between (see VaultStorage and UnlockedVault);
 * - `kdf`: how the key comes from the password (name and parameters travel with the data, so
 *   parameters can be raised later and old vaults still open);
 * - `cipher`: AES-256-GCM with a fresh 12-byte IV per write; `format`, `version`, `kdf` and the
 *   cipher name are bound to the ciphertext as additional authenticated data;
 * - `keys` (version 3): the contents are encrypted under a random data key, kept here wrapped by
 *   the password's key and by each passkey's (see keySlots.ts), so a passkey or a new password
 *   changes only this field, never the ciphertext;
 * - `checksum`: SHA-256 of the other fields, so accidental damage is told apart from a wrong
 *   password (it is not a security control: the GCM tag is).
 *
 * Version 1 had no revision; it is read as revision 0. Versions 1 and 2 encrypt the contents
 * under the password's key itself; both are written back as version 3 once opened.
 */
export type VaultRecord = {
  format: typeof VAULT_FORMAT;
  version: 1 | 2 | 3;
  revision: number;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
  /** Version 3 only. */
  keys?: KeySlots;
  checksum: string;
};

/** A record in the current format: its data key wrapped in `keys`. */
export type WrappedKeyRecord = VaultRecord & { version: 3; keys: KeySlots };

export const VAULT_FORMAT = 'cairn-vault';
export const CURRENT_VAULT_VERSION = 3;
/**
 * PBKDF2 iterations below this are refused in every format: every Cairn that wrote vaults used
 * 1,000,000 (VAULT_KDF_ITERATIONS has never changed), so a weaker record was not made by Cairn.
 */
export const MINIMUM_KDF_ITERATIONS = 600_000;

type Header = Pick<VaultRecord, 'format' | 'version' | 'kdf' | 'cipher'>;

/**
 * The header fields, in a fixed order: authenticated with the ciphertext (AAD). From version 3 the
 * KDF belongs to the password's wrapped key (its own AAD), so a new password leaves the ciphertext.
 */
function headerFields(record: Header): unknown[] {
  const { format, version, kdf, cipher } = record;
  if (version >= 3) return [format, version, cipher.name];
  return [format, version, kdf.name, kdf.hash, kdf.iterations, kdf.salt, cipher.name];
}

export function isWrappedKeyRecord(record: VaultRecord): record is WrappedKeyRecord {
  return record.version === 3 && record.keys !== undefined;
}

/** The additional authenticated data: what must not change without the tag failing. */
export function associatedData(record: Header): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(headerFields(record)));
}

/** Everything but the checksum itself, in a fixed order (version 1 had no revision). */
function checksummedText(record: Omit<VaultRecord, 'checksum'>): string {
  const fields = [...headerFields(record), record.cipher.iv, record.ciphertext];
  if (record.version === 1) return JSON.stringify(fields);
  if (record.version === 2) return JSON.stringify([...fields, record.revision]);
  const { kdf } = record;
  const kdfFields = [kdf.name, kdf.hash, kdf.iterations, kdf.salt];
  return JSON.stringify([...fields, record.revision, kdfFields, record.keys ? keySlotFields(record.keys) : null]);
}

export async function withChecksum(record: Omit<VaultRecord, 'checksum'>): Promise<VaultRecord> {
  return { ...record, checksum: await sha256Hex(checksummedText(record)) };
}

function corrupted(detail: string): never {
  throw new VaultError('VAULT_CORRUPTED', msg('core.keys:vault.damaged'), { details: detail });
}

/**
 * True when `stored` is exactly the record a write was based on: same revision and checksum.
 * Synchronous, so a repository can run it inside its storage transaction.
 */
export function isSameRecord(stored: unknown, record: Pick<VaultRecord, 'revision' | 'checksum'>): boolean {
  if (!isRecord(stored) || stored.checksum !== record.checksum) return false;
  return (stored.revision ?? 0) === record.revision;
}

/**
 * Checks a stored or imported vault record field by field (and its checksum). A version-1 record
 * reads as revision 0 (it is re-encrypted in the current format at unlock). A record of any
 * version with fewer than `minimumIterations` is refused, as a weakened or tampered vault.
 *
 * Throws VAULT_CORRUPTED (with the faulty field in `details`), VAULT_WEAK_KDF or
 * VAULT_UNSUPPORTED_VERSION.
 */
export async function parseVaultRecord(
  value: unknown,
  options: { minimumIterations?: number } = {},
): Promise<VaultRecord> {
  if (!isRecord(value)) corrupted('not an object');
  if (value.format !== VAULT_FORMAT) corrupted('format');
  const version = value.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) corrupted('version');
  if (version > CURRENT_VAULT_VERSION) {
    throw new VaultError('VAULT_UNSUPPORTED_VERSION', msg('core.keys:vault.newer', { version }));
  }
  const revision = version === 1 ? 0 : value.revision;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0) corrupted('revision');
  const { kdf, cipher } = value;
  if (!isRecord(kdf) || kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-256') corrupted('kdf');
  const iterations = kdf.iterations;
  if (
    typeof iterations !== 'number' ||
    !Number.isSafeInteger(iterations) ||
    iterations < 1 ||
    iterations > 100_000_000
  ) {
    corrupted('kdf.iterations');
  }
  if (typeof kdf.salt !== 'string' || (fromBase64(kdf.salt)?.length ?? 0) < 16) corrupted('kdf.salt');
  if (!isRecord(cipher) || cipher.name !== 'AES-GCM') corrupted('cipher');
  if (typeof cipher.iv !== 'string' || fromBase64(cipher.iv)?.length !== 12) corrupted('cipher.iv');
  if (typeof value.ciphertext !== 'string' || (fromBase64(value.ciphertext)?.length ?? 0) < 16) corrupted('ciphertext');
  if (typeof value.checksum !== 'string') corrupted('checksum');
  if (version < 3 && value.keys !== undefined) corrupted('keys');
  const keys = version === 3 ? parseKeySlots(value.keys) : undefined;
  if (version === 3 && !keys) corrupted('keys');
  const record: VaultRecord = {
    format: VAULT_FORMAT,
    version: version as 1 | 2 | 3,
    revision,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: kdf.salt as string },
    cipher: { name: 'AES-GCM', iv: cipher.iv as string },
    ciphertext: value.ciphertext,
    ...(keys ? { keys } : {}),
    checksum: value.checksum,
  };
  if ((await sha256Hex(checksummedText(record))) !== record.checksum) corrupted('checksum mismatch');
  const minimum = options.minimumIterations ?? MINIMUM_KDF_ITERATIONS;
  if (iterations < minimum) {
    throw new VaultError('VAULT_WEAK_KDF', msg('core.keys:vault.weakKdf'), {
      details: `${iterations.toLocaleString('en-US')} PBKDF2 iterations; at least ${minimum.toLocaleString('en-US')} are required`,
    });
  }
  return record;
}
