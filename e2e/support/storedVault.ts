// Reads and writes the vault record as stored in the browser profile's IndexedDB, as another
// version of Cairn (or damage) could have left it, and opens it with its password as Cairn does.
import type { Page } from 'playwright-core';
import { decodeContents, type VaultContents, wipeContents } from '../../src/core/vault/vaultContents.ts';
import { deriveVaultKey, openVault } from '../../src/core/vault/vaultCrypto.ts';
import { parseVaultRecord } from '../../src/core/vault/vaultRecord.ts';

type Operation = { kind: 'get' } | { kind: 'put'; value: unknown };

function vaultStore(operation: Operation): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('cairn');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('vault', operation.kind === 'get' ? 'readonly' : 'readwrite');
      const request =
        operation.kind === 'get'
          ? tx.objectStore('vault').get('primary')
          : tx.objectStore('vault').put(operation.value, 'primary');
      tx.oncomplete = () => {
        db.close();
        resolve(operation.kind === 'get' ? request.result : undefined);
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

export function readStoredVault(page: Page): Promise<unknown> {
  return page.evaluate(vaultStore, { kind: 'get' } as Operation);
}

export async function writeStoredVault(page: Page, value: unknown): Promise<void> {
  await page.evaluate(vaultStore, { kind: 'put', value } as Operation);
}

/**
 * What the stored vault holds, decrypted with `password` by Cairn's own record checks and
 * cipher: what was really saved, whatever any window shows. Its secrets are zero-filled; the
 * accounts and the secrets' descriptions remain.
 */
export async function openStoredVault(page: Page, password: string): Promise<VaultContents> {
  const record = await parseVaultRecord(await readStoredVault(page));
  const plaintext = await openVault(record, await deriveVaultKey(password, record.kdf));
  const contents = decodeContents(plaintext);
  plaintext.fill(0);
  wipeContents(contents);
  return contents;
}
