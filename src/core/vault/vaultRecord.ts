import { fromBase64, sha256Hex } from '../bytes';
import { VaultError } from '../errors/vault';

/**
 * The vault as stored (IndexedDB) and as exported (backup file): everything needed to open it
 * with the password, and nothing secret in the clear.
 *
 * - `kdf`: how the key comes from the password (name and parameters travel with the data, so
 *   parameters can be raised later and old vaults still open);
 * - `cipher`: AES-256-GCM with a fresh 12-byte IV per write; `format`, `version`, `kdf` and the
 *   cipher name are bound to the ciphertext as additional authenticated data;
 * - `checksum`: SHA-256 of the other fields, so accidental damage is told apart from a wrong
 *   password (it is not a security control: the GCM tag is).
 */
export type VaultRecord = {
  format: typeof VAULT_FORMAT;
  version: 1;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
  checksum: string;
};

export const VAULT_FORMAT = 'cairn-vault';
export const CURRENT_VAULT_VERSION = 1;

/** The header fields, in a fixed order: authenticated with the ciphertext (AAD). */
function headerFields(record: Pick<VaultRecord, 'format' | 'version' | 'kdf' | 'cipher'>): unknown[] {
  const { format, version, kdf, cipher } = record;
  return [format, version, kdf.name, kdf.hash, kdf.iterations, kdf.salt, cipher.name];
}

/** The additional authenticated data: what must not change without the tag failing. */
export function associatedData(record: Pick<VaultRecord, 'format' | 'version' | 'kdf' | 'cipher'>): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(headerFields(record)));
}

/** Everything but the checksum itself, in a fixed order. */
function checksummedText(record: Omit<VaultRecord, 'checksum'>): string {
  return JSON.stringify([...headerFields(record), record.cipher.iv, record.ciphertext]);
}

export async function withChecksum(record: Omit<VaultRecord, 'checksum'>): Promise<VaultRecord> {
  return { ...record, checksum: await sha256Hex(checksummedText(record)) };
}

function corrupted(detail: string): never {
  throw new VaultError('VAULT_CORRUPTED', 'The saved vault is damaged and cannot be opened.', { details: detail });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a stored or imported vault record field by field (and its checksum), bringing older
 * formats up to the current one.
 *
 * Throws VAULT_CORRUPTED (with the faulty field in `details`) or VAULT_UNSUPPORTED_VERSION.
 */
export async function parseVaultRecord(value: unknown): Promise<VaultRecord> {
  if (!isObject(value)) corrupted('not an object');
  if (value.format !== VAULT_FORMAT) corrupted('format');
  if (typeof value.version !== 'number') corrupted('version');
  if (value.version > CURRENT_VAULT_VERSION) {
    throw new VaultError(
      'VAULT_UNSUPPORTED_VERSION',
      `This vault was written by a newer version of Cairn (format ${value.version}). Update Cairn to open it.`,
    );
  }
  const record = migrate(value);
  const { kdf, cipher } = record;
  if (!isObject(kdf) || kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-256') corrupted('kdf');
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
  if (!isObject(cipher) || cipher.name !== 'AES-GCM') corrupted('cipher');
  if (typeof cipher.iv !== 'string' || fromBase64(cipher.iv)?.length !== 12) corrupted('cipher.iv');
  if (typeof record.ciphertext !== 'string' || (fromBase64(record.ciphertext)?.length ?? 0) < 16)
    corrupted('ciphertext');
  if (typeof record.checksum !== 'string') corrupted('checksum');
  const typed = record as unknown as VaultRecord;
  const expected = await sha256Hex(checksummedText(typed));
  if (expected !== typed.checksum) corrupted('checksum mismatch');
  return {
    format: VAULT_FORMAT,
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: kdf.salt as string },
    cipher: { name: 'AES-GCM', iv: cipher.iv as string },
    ciphertext: typed.ciphertext,
    checksum: typed.checksum,
  };
}

/**
 * Record format migrations, one per version, applied in order. Version 1 is the first, so
 * there is nothing to migrate yet; a version 2 adds a step from 1 here.
 */
function migrate(value: Record<string, unknown>): Record<string, unknown> {
  return value;
}
