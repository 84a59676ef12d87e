import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import { MAX_PASSKEY_NAME_LENGTH, MAX_PASSKEYS, type PasskeySlot } from './keySlots';
import {
  type DataKey,
  dataKeyWithPasskey,
  newDataKey,
  openUnderDataKey,
  type PasskeyMaterial,
  type PasswordOpened,
  passkeySlot,
  rewrapPassword,
} from './keyWrapping';
import { sealContents, type UnlockedVault } from './unlockedVault';
import type { UnlockGuard } from './unlockGuard';
import { decodeContents, type VaultContents } from './vaultContents';
import { type ContentKey, deriveVaultKey, isDataKey, newKdf, rewrappedRecord, type VaultKey } from './vaultCrypto';
import { isWrappedKeyRecord, type VaultRecord } from './vaultRecord';
import type { PasskeySummary } from './vaultState';
import type { VaultStorage } from './vaultStorage';

// The changes to how a vault is unlocked, apart from its contents: the format and KDF upgrade at
// unlock, a new password, and the passkeys. Each is one storage write.

/** What the UI may know of the passkeys that unlock a stored record (nothing secret). */
export function passkeysOf(record: VaultRecord | undefined): PasskeySummary[] {
  const slots = record && isWrappedKeyRecord(record) ? record.keys.passkeys : [];
  return slots.map(({ credentialId, name, createdAt, salt }) => ({ credentialId, name, createdAt, salt }));
}

/** Throws VAULT_PASSKEY_NAME with a reason when a name is unusable; returns it trimmed. */
export function checkPasskeyName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new VaultError('VAULT_PASSKEY_NAME', msg('core.keys:vault.passkey.nameEmpty'));
  if (trimmed.length > MAX_PASSKEY_NAME_LENGTH) {
    const max = MAX_PASSKEY_NAME_LENGTH;
    throw new VaultError('VAULT_PASSKEY_NAME', msg('core.keys:vault.passkey.nameTooLong', { max }));
  }
  return trimmed;
}

/** Throws VAULT_PASSKEY_LIMIT when a vault with these passkeys can take no more (checked before a prompt, too). */
export function checkRoomForPasskey(passkeys: readonly unknown[]): void {
  if (passkeys.length >= MAX_PASSKEYS) {
    throw new VaultError('VAULT_PASSKEY_LIMIT', msg('core.keys:vault.passkey.limit', { max: MAX_PASSKEYS }));
  }
}

function gone(): VaultError {
  return new VaultError('VAULT_PASSKEY_GONE', msg('core.keys:vault.passkey.gone'));
}

/** The password's key at today's strength: the one a record opened with, or a stronger new one. */
export async function strongPasswordKey(
  opened: { record: VaultRecord; passwordKey: VaultKey },
  password: string,
  kdfIterations: number,
): Promise<VaultKey> {
  const weak = opened.record.kdf.iterations < kdfIterations;
  return weak ? deriveVaultKey(password, newKdf(kdfIterations)) : opened.passwordKey;
}

/**
 * The key to keep a vault under once opened with the password, and the record it is stored as: a
 * record of versions 1 and 2 goes under a new data key (version 3); a KDF weaker than today's has
 * the password's copy wrapped again by a stronger key. A weaker KDF is replaced in memory even if
 * the upgrade cannot be stored now, so a weak key never stamps the current format.
 */
export async function upgradeOnOpen(
  storage: VaultStorage,
  record: VaultRecord,
  opened: PasswordOpened & { contents: VaultContents },
  password: string,
  kdfIterations: number,
): Promise<{ key: ContentKey; record: VaultRecord }> {
  const strong = await strongPasswordKey({ record, ...opened }, password, kdfIterations);
  const weak = strong !== opened.passwordKey;
  const save = async (next: VaultRecord) =>
    storage.exclusive(() => storage.saveIf({ record }, next)).catch(() => false);
  const { contentKey } = opened;
  if (isWrappedKeyRecord(record) && isDataKey(contentKey)) {
    if (!weak) return { key: contentKey, record };
    const keys = await rewrapPassword(record.keys, opened.passwordKey, strong);
    const upgraded = await rewrappedRecord(record, { kdf: strong.kdf, keys }, record.revision + 1);
    return (await save(upgraded))
      ? { key: { ...contentKey, kdf: strong.kdf, keys }, record: upgraded }
      : { key: contentKey, record };
  }
  const dataKey = await newDataKey(strong);
  const upgraded = await sealContents(opened.contents, dataKey, record.revision + 1);
  return (await save(upgraded)) ? { key: dataKey, record: upgraded } : { key: strong, record };
}

/**
 * A new password: in a version-3 vault only the password's copy of the data key changes (the
 * ciphertext and the passkeys stay); an older vault is re-encrypted under a new data key.
 */
export async function changePassword(
  vault: UnlockedVault,
  guard: UnlockGuard,
  current: string,
  next: string,
  kdfIterations: number,
): Promise<void> {
  let newKey: ReturnType<typeof deriveVaultKey> | undefined;
  const nextKey = () => {
    newKey ??= deriveVaultKey(next, newKdf(kdfIterations));
    return newKey;
  };
  if (!isWrappedKeyRecord(vault.storedRecord)) {
    await vault.rekey(
      async (record) => (await guard.open(record, current)).contents,
      async (): Promise<DataKey> => newDataKey(await nextKey()),
    );
    return;
  }
  await vault.rewrap(async (record) => {
    const keys = await guard.attempt(async () =>
      rewrapPassword(record.keys, await deriveVaultKey(current, record.kdf), await nextKey()),
    );
    return { kdf: (await nextKey()).kdf, keys };
  });
}

/**
 * Adds a passkey: its PRF output wraps the data key, taken from the password's copy (the password
 * is checked, throttled like unlock). An older vault is first moved to a data key. The PRF output
 * is zero-filled whatever happens.
 *
 * Throws VAULT_WRONG_PASSWORD, VAULT_THROTTLED, VAULT_PASSKEY_NAME, VAULT_PASSKEY_EXISTS,
 * VAULT_PASSKEY_LIMIT, and the write's errors.
 */
export async function addPasskey(
  vault: UnlockedVault,
  guard: UnlockGuard,
  password: string,
  passkey: PasskeyMaterial,
  options: { now: number; kdfIterations: number },
): Promise<void> {
  try {
    const name = checkPasskeyName(passkey.name);
    if (!isWrappedKeyRecord(vault.storedRecord)) {
      await vault.rekey(
        async (record) => (await guard.open(record, password)).contents,
        async () => newDataKey(await deriveVaultKey(password, newKdf(options.kdfIterations))),
      );
    }
    await vault.rewrap(async (record) => {
      const passkeys = record.keys.passkeys;
      if (passkeys.some((p) => p.credentialId === passkey.credentialId)) {
        throw new VaultError('VAULT_PASSKEY_EXISTS', msg('core.keys:vault.passkey.exists'));
      }
      checkRoomForPasskey(passkeys);
      const slot = await guard.attempt(async () =>
        passkeySlot(record.keys, await deriveVaultKey(password, record.kdf), { ...passkey, name }, options.now),
      );
      return { kdf: record.kdf, keys: { ...record.keys, passkeys: [...passkeys, slot] } };
    });
  } finally {
    passkey.prfOutput.fill(0);
  }
}

/** Renames or removes one passkey (no key is needed: only its slot changes). Throws VAULT_PASSKEY_GONE. */
export function changePasskeys(
  vault: UnlockedVault,
  credentialId: string,
  change: (slot: PasskeySlot) => PasskeySlot | undefined,
): Promise<void> {
  if (!isWrappedKeyRecord(vault.storedRecord)) return Promise.reject(gone());
  return vault.rewrap(async (record) => {
    if (!record.keys.passkeys.some((p) => p.credentialId === credentialId)) throw gone();
    const passkeys = record.keys.passkeys.flatMap((slot) => {
      if (slot.credentialId !== credentialId) return [slot];
      const changed = change(slot);
      return changed ? [changed] : [];
    });
    return { kdf: record.kdf, keys: { ...record.keys, passkeys } };
  });
}

/**
 * Opens a record with one passkey's PRF output (zero-filled whatever happens). Throws
 * VAULT_PASSKEY_UNKNOWN (not one of this vault's passkeys), VAULT_PASSKEY_REFUSED and VAULT_CORRUPTED.
 */
export async function openWithPasskey(
  record: VaultRecord,
  credentialId: string,
  prfOutput: Uint8Array,
): Promise<{ key: DataKey; contents: VaultContents }> {
  try {
    const slot = isWrappedKeyRecord(record)
      ? record.keys.passkeys.find((p) => p.credentialId === credentialId)
      : undefined;
    if (!slot || !isWrappedKeyRecord(record)) {
      throw new VaultError('VAULT_PASSKEY_UNKNOWN', msg('core.keys:vault.passkey.unknown'));
    }
    const key = await dataKeyWithPasskey(record, slot, prfOutput);
    const plaintext = await openUnderDataKey(record, key);
    try {
      return { key, contents: decodeContents(plaintext) };
    } finally {
      plaintext.fill(0);
    }
  } finally {
    prfOutput.fill(0);
  }
}
