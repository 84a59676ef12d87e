import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import { untrustedLabel } from '../text/untrustedText';
import { decodeContents, type VaultContents } from './vaultContents';
import { deriveVaultKey, newKdf, openVault, type VaultKey } from './vaultCrypto';
import type { VaultRecord } from './vaultRecord';
import type { VaultStorage } from './vaultStorage';

/** True when a record should be re-encrypted at the current strength and format once opened. */
export function needsUpgrade(record: VaultRecord, kdfIterations: number): boolean {
  return record.version === 1 || record.kdf.iterations < kdfIterations;
}

/** The key to keep a vault under once opened with `password`: its own, or a stronger new one. */
export async function keyToKeep(
  record: VaultRecord,
  opened: VaultKey,
  password: string,
  kdfIterations: number,
): Promise<VaultKey> {
  return record.kdf.iterations < kdfIterations ? deriveVaultKey(password, newKdf(kdfIterations)) : opened;
}

/**
 * Opens a backup file made by exportBackup with its password. The caller owns (and wipes) the
 * contents. Throws VAULT_CORRUPTED (not JSON, not a vault), VAULT_WEAK_KDF,
 * VAULT_UNSUPPORTED_VERSION, VAULT_WRONG_PASSWORD.
 */
export async function openBackupFile(
  storage: VaultStorage,
  text: string,
  password: string,
): Promise<{ record: VaultRecord; key: VaultKey; contents: VaultContents }> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new VaultError('VAULT_CORRUPTED', msg('core.keys:vault.backupNotJson'));
  }
  const record = await storage.parse(raw);
  const key = await deriveVaultKey(password, record.kdf);
  const plaintext = await openVault(record, key);
  try {
    const contents = decodeContents(plaintext);
    // A file's account names are text Cairn did not see typed: hidden and direction-changing
    // characters become visible codes, so every name the vault holds is safe to show as it is.
    const accounts = contents.accounts.map((account) => ({ ...account, name: untrustedLabel(account.name, 'name') }));
    return { record, key, contents: { ...contents, accounts } };
  } finally {
    plaintext.fill(0);
  }
}
