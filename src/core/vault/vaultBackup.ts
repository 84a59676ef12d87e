import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import { untrustedLabel } from '../text/untrustedText';
import { openWithPassword, type PasswordOpened } from './keyWrapping';
import { decodeContents, type VaultContents } from './vaultContents';
import type { VaultRecord } from './vaultRecord';
import type { VaultStorage } from './vaultStorage';

/**
 * Opens a backup file made by exportBackup with its password. The caller owns (and wipes) the
 * contents. Throws VAULT_CORRUPTED (not JSON, not a vault), VAULT_WEAK_KDF,
 * VAULT_UNSUPPORTED_VERSION, VAULT_WRONG_PASSWORD.
 */
export async function openBackupFile(
  storage: VaultStorage,
  text: string,
  password: string,
): Promise<PasswordOpened & { record: VaultRecord; contents: VaultContents }> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new VaultError('VAULT_CORRUPTED', msg('core.keys:vault.backupNotJson'));
  }
  const record = await storage.parse(raw);
  const { plaintext, ...keys } = await openWithPassword(record, password);
  try {
    const contents = decodeContents(plaintext);
    // A file's account names are text Cairn did not see typed: hidden and direction-changing
    // characters become visible codes, so every name the vault holds is safe to show as it is.
    const accounts = contents.accounts.map((account) => ({ ...account, name: untrustedLabel(account.name, 'name') }));
    return { record, ...keys, contents: { ...contents, accounts } };
  } finally {
    plaintext.fill(0);
  }
}
