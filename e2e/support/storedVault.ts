// Reads and writes the vault record as stored in the browser profile's IndexedDB, as another
// version of Cairn (or damage) could have left it, and opens it with its password as Cairn does.
import type { Page } from 'playwright-core';
import { openWithPassword } from '../../src/core/vault/keyWrapping.ts';
import { decodeContents, type VaultContents, wipeContents } from '../../src/core/vault/vaultContents.ts';
import { parseVaultRecord } from '../../src/core/vault/vaultRecord.ts';
import { readStored, writeStored } from './storedRecords.ts';

export function readStoredVault(page: Page): Promise<unknown> {
  return readStored(page, 'vault', 'primary');
}

export function writeStoredVault(page: Page, value: unknown): Promise<void> {
  return writeStored(page, 'vault', 'primary', value);
}

/**
 * What the stored vault holds, decrypted with `password` by Cairn's own record checks and
 * cipher: what was really saved, whatever any window shows. Its secrets are zero-filled; the
 * accounts and the secrets' descriptions remain.
 */
export async function openStoredVault(page: Page, password: string): Promise<VaultContents> {
  const record = await parseVaultRecord(await readStoredVault(page));
  const { plaintext } = await openWithPassword(record, password);
  const contents = decodeContents(plaintext);
  plaintext.fill(0);
  wipeContents(contents);
  return contents;
}
