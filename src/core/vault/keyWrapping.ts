import { fromBase64, toBase64, utf8 } from '../bytes';
import { VaultError, WrongPasswordError } from '../errors/vault';
import { msg } from '../i18n/message';
import type { KeySlots, PasskeySlot, WrappedKey } from './keySlots';
import { type ContentKey, type DataKey, deriveVaultKey, openVault, type VaultKdf, type VaultKey } from './vaultCrypto';

export type { DataKey } from './vaultCrypto';

import { isWrappedKeyRecord, type VaultRecord } from './vaultRecord';

const DATA_KEY_LENGTH = 32;
/** Binds each wrapped copy to what it is the copy for: one slot's copy cannot stand in for another's. */
const PASSWORD_AAD = (kdf: VaultKdf) => utf8(JSON.stringify(['cairn-vault-key', 'password', kdf.iterations, kdf.salt]));
const PASSKEY_AAD = (credentialId: string, salt: string) =>
  utf8(JSON.stringify(['cairn-vault-key', 'passkey', credentialId, salt]));
/** HKDF's salt and info for the passkey's wrapping key: fixed, they name the use (RFC 5869 §3.1, §3.2). */
const HKDF_SALT = utf8('cairn-vault-passkey');
const HKDF_INFO = utf8('cairn vault key wrapping, AES-256-GCM');

async function wrap(raw: Uint8Array, kek: CryptoKey, aad: Uint8Array): Promise<WrappedKey> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad as BufferSource, tagLength: 128 },
    kek,
    raw as BufferSource,
  );
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** The raw data key, or undefined when this key did not wrap it (or the copy was changed). */
async function unwrap(wrapped: WrappedKey, kek: CryptoKey, aad: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    const raw = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(wrapped.iv) as BufferSource, additionalData: aad as BufferSource },
      kek,
      fromBase64(wrapped.data) as BufferSource,
    );
    return new Uint8Array(raw);
  } catch {
    return undefined;
  }
}

/** Imports raw key bytes as a non-extractable AES-GCM key, and zero-fills them. */
async function importDataKey(raw: Uint8Array): Promise<CryptoKey> {
  try {
    return await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
  }
}

/** The wrapping key from a passkey's PRF output (HKDF-SHA-256). The caller zero-fills the output. */
async function passkeyKek(prfOutput: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', prfOutput as BufferSource, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: HKDF_SALT as BufferSource, info: HKDF_INFO as BufferSource },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Runs `use` with the raw data key, zero-filled after whatever happens. */
async function withRaw<T>(raw: Uint8Array, use: (raw: Uint8Array) => Promise<T>): Promise<T> {
  try {
    return await use(raw);
  } finally {
    raw.fill(0);
  }
}

/** A fresh data key, wrapped by the password's key: the key of a new (or newly upgraded) vault. */
export async function newDataKey(passwordKey: VaultKey): Promise<DataKey> {
  const raw = crypto.getRandomValues(new Uint8Array(DATA_KEY_LENGTH));
  const password = await wrap(raw, passwordKey.key, PASSWORD_AAD(passwordKey.kdf)).catch((error: unknown) => {
    raw.fill(0);
    throw error;
  });
  return { key: await importDataKey(raw), kdf: passwordKey.kdf, keys: { password, passkeys: [] } };
}

/** The raw data key under the password's key. Throws VAULT_WRONG_PASSWORD. The caller zero-fills it. */
async function rawWithPassword(keys: KeySlots, passwordKey: VaultKey): Promise<Uint8Array> {
  const raw = await unwrap(keys.password, passwordKey.key, PASSWORD_AAD(passwordKey.kdf));
  if (!raw) throw new WrongPasswordError();
  return raw;
}

/** The data key of a record opened with the password's key. Throws VAULT_WRONG_PASSWORD. */
export async function dataKeyWithPassword(record: { kdf: VaultKdf; keys: KeySlots }, passwordKey: VaultKey) {
  const key = await importDataKey(await rawWithPassword(record.keys, passwordKey));
  return { key, kdf: record.kdf, keys: record.keys } satisfies DataKey;
}

/** The slots with the data key wrapped again by a new password's key (the passkeys stay as they are). */
export async function rewrapPassword(keys: KeySlots, current: VaultKey, next: VaultKey): Promise<KeySlots> {
  return withRaw(await rawWithPassword(keys, current), async (raw) => ({
    ...keys,
    password: await wrap(raw, next.key, PASSWORD_AAD(next.kdf)),
  }));
}

/** What a new passkey gives to wrap the data key: its id, name, PRF salt and PRF output for it. */
export type PasskeyMaterial = { credentialId: string; name: string; salt: Uint8Array; prfOutput: Uint8Array };

/** A slot for a new passkey, the data key taken from the password's wrapped copy. Throws VAULT_WRONG_PASSWORD. */
export async function passkeySlot(
  keys: KeySlots,
  passwordKey: VaultKey,
  passkey: PasskeyMaterial,
  createdAt: number,
): Promise<PasskeySlot> {
  const kek = await passkeyKek(passkey.prfOutput);
  const salt = toBase64(passkey.salt);
  return withRaw(await rawWithPassword(keys, passwordKey), async (raw) => ({
    credentialId: passkey.credentialId,
    name: passkey.name,
    createdAt,
    salt,
    wrapped: await wrap(raw, kek, PASSKEY_AAD(passkey.credentialId, salt)),
  }));
}

/**
 * The data key of a record opened with one passkey's PRF output. Throws VAULT_PASSKEY_REFUSED when
 * the output does not unwrap its copy (another passkey's answer, or another salt's).
 */
export async function dataKeyWithPasskey(
  record: { kdf: VaultKdf; keys: KeySlots },
  slot: PasskeySlot,
  prfOutput: Uint8Array,
): Promise<DataKey> {
  const kek = await passkeyKek(prfOutput);
  const raw = await unwrap(slot.wrapped, kek, PASSKEY_AAD(slot.credentialId, slot.salt));
  if (!raw) throw new VaultError('VAULT_PASSKEY_REFUSED', msg('core.keys:vault.passkey.refused'));
  return { key: await importDataKey(raw), kdf: record.kdf, keys: record.keys };
}

/**
 * The plaintext of a version-3 record under its data key. The key unwrapped, so it is this vault's:
 * contents that do not open under it were damaged or changed (a checksum made again), and saying
 * "wrong password" would count a right one against the throttle. The caller zero-fills the plaintext.
 * Throws VAULT_CORRUPTED.
 */
export async function openUnderDataKey(record: VaultRecord, key: DataKey): Promise<Uint8Array> {
  try {
    return await openVault(record, key);
  } catch (error) {
    if (!(error instanceof WrongPasswordError)) throw error;
    throw new VaultError('VAULT_CORRUPTED', msg('core.keys:vault.damaged'), {
      details: 'the contents do not open under their data key',
    });
  }
}

/** A record opened with the password: the password's key, and the key of the contents. */
export type PasswordOpened = { passwordKey: VaultKey; contentKey: ContentKey };

/**
 * Opens a record with the password: through its data key (version 3) or with the password's key
 * itself (versions 1 and 2). Throws VAULT_WRONG_PASSWORD. The caller zero-fills the plaintext.
 */
export async function openWithPassword(
  record: VaultRecord,
  password: string,
): Promise<PasswordOpened & { plaintext: Uint8Array }> {
  const passwordKey = await deriveVaultKey(password, record.kdf);
  if (!isWrappedKeyRecord(record))
    return { passwordKey, contentKey: passwordKey, plaintext: await openVault(record, passwordKey) };
  const contentKey = await dataKeyWithPassword(record, passwordKey);
  return { passwordKey, contentKey, plaintext: await openUnderDataKey(record, contentKey) };
}
