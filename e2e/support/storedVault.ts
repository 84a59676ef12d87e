// Reads and writes the vault record as stored in the browser profile's IndexedDB, as another
// version of Cairn (or damage) could have left it.
import type { Page } from 'playwright-core';

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
