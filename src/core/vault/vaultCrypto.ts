import { fromBase64, toBase64 } from '../bytes';
import { WrongPasswordError } from '../errors/vault';
import type { KeySlots } from './keySlots';
import { associatedData, VAULT_FORMAT, type VaultRecord, type WrappedKeyRecord, withChecksum } from './vaultRecord';

/** PBKDF2-SHA256 iterations for new vaults (OWASP 2023 asks for at least 600,000). */
export const VAULT_KDF_ITERATIONS = 1_000_000;

export type VaultKdf = VaultRecord['kdf'];

/** The password's key: non-extractable AES-256-GCM, with the KDF parameters it came from. */
export type VaultKey = { key: CryptoKey; kdf: VaultKdf };

/**
 * The key that encrypts a version-3 vault's contents: random, non-extractable, with the record
 * fields that unlock it (the password's KDF and the wrapped copies). Its bytes exist only for
 * the moment of wrapping or importing (keyWrapping.ts), then are zero-filled.
 */
export type DataKey = { key: CryptoKey; kdf: VaultKdf; keys: KeySlots };

/**
 * What encrypts the contents: a data key (version 3), or in a vault of versions 1 and 2 the
 * password's key itself (kept only while such a vault cannot be upgraded, say on a full disk).
 */
export type ContentKey = DataKey | VaultKey;

export function isDataKey(key: ContentKey): key is DataKey {
  return 'keys' in key;
}

export function newKdf(iterations = VAULT_KDF_ITERATIONS): VaultKdf {
  return { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(crypto.getRandomValues(new Uint8Array(16))) };
}

/**
 * Derives the vault key from the password with WebCrypto's native PBKDF2. The password is
 * NFKC-normalised so the same characters typed on another keyboard or system still match.
 */
export async function deriveVaultKey(password: string, kdf: VaultKdf): Promise<VaultKey> {
  const passwordBytes = new TextEncoder().encode(password.normalize('NFKC'));
  const material = await crypto.subtle.importKey('raw', passwordBytes, 'PBKDF2', false, ['deriveKey']);
  passwordBytes.fill(0);
  const salt = fromBase64(kdf.salt) ?? new Uint8Array();
  const key = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: kdf.hash, salt: salt as BufferSource, iterations: kdf.iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  return { key, kdf };
}

/**
 * Encrypts vault contents under a key into a new record at `revision` (fresh IV every time): a
 * version-3 record under a data key (with its wrapped copies), a version-2 one under the password's.
 */
export async function sealVault(plaintext: Uint8Array, vaultKey: ContentKey, revision = 1): Promise<VaultRecord> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const header = {
    format: VAULT_FORMAT as typeof VAULT_FORMAT,
    version: isDataKey(vaultKey) ? (3 as const) : (2 as const),
    kdf: vaultKey.kdf,
    cipher: { name: 'AES-GCM' as const, iv: toBase64(iv) },
  };
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: associatedData(header) as BufferSource, tagLength: 128 },
    vaultKey.key,
    plaintext as BufferSource,
  );
  const keys = isDataKey(vaultKey) ? { keys: vaultKey.keys } : {};
  return withChecksum({ ...header, revision, ciphertext: toBase64(new Uint8Array(ciphertext)), ...keys });
}

/** The record with other wrapped copies of its data key (and KDF) at `revision`: the ciphertext is unchanged. */
export function rewrappedRecord(
  record: WrappedKeyRecord,
  change: { kdf: VaultKdf; keys: KeySlots },
  revision: number,
): Promise<VaultRecord> {
  const { checksum: _, ...rest } = record;
  return withChecksum({ ...rest, kdf: change.kdf, keys: change.keys, revision });
}

/**
 * Decrypts a checked record. The caller owns the plaintext and should zero-fill it when done.
 * Throws VAULT_WRONG_PASSWORD when authentication fails (wrong key, or tampering that kept the
 * checksum consistent).
 */
export async function openVault(record: VaultRecord, vaultKey: Pick<ContentKey, 'key'>): Promise<Uint8Array> {
  const iv = fromBase64(record.cipher.iv) ?? new Uint8Array();
  const data = fromBase64(record.ciphertext) ?? new Uint8Array();
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: iv as BufferSource,
        additionalData: associatedData(record) as BufferSource,
        tagLength: 128,
      },
      vaultKey.key,
      data as BufferSource,
    );
    return new Uint8Array(plaintext);
  } catch {
    throw new WrongPasswordError();
  }
}
