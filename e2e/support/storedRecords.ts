// Cairn's IndexedDB records in a test page, read, written or held as another window (or another
// version of Cairn) could: what is really stored, whatever any window shows.
import type { Page } from 'playwright-core';
import { DATABASE_NAME } from '../../src/core/storage/database.ts';

type StoreName = 'settings' | 'vault';
type Operation = { database: string; store: StoreName; key: string } & (
  | { kind: 'get' }
  | { kind: 'put'; value: unknown }
);

function inStore(operation: Operation): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(operation.database);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(operation.store, operation.kind === 'get' ? 'readonly' : 'readwrite');
      const request =
        operation.kind === 'get'
          ? tx.objectStore(operation.store).get(operation.key)
          : tx.objectStore(operation.store).put(operation.value, operation.key);
      tx.oncomplete = () => {
        db.close();
        resolve(operation.kind === 'get' ? request.result : undefined);
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

export function readStored(page: Page, store: StoreName, key: string): Promise<unknown> {
  return page.evaluate(inStore, { database: DATABASE_NAME, store, key, kind: 'get' } as Operation);
}

export async function writeStored(page: Page, store: StoreName, key: string, value: unknown): Promise<void> {
  await page.evaluate(inStore, { database: DATABASE_NAME, store, key, kind: 'put', value } as Operation);
}

type HoldWindow = Window & { releaseHold(): void; holdEnded: Promise<void> };

/**
 * Begins a write transaction on one of Cairn's stores in the page, as another window writing it
 * would: Cairn's own writes there wait behind it until `release` ends it. Returns once it holds it.
 */
export async function holdStore(page: Page, store: StoreName): Promise<{ release(): Promise<void> }> {
  await page.evaluate(
    ([database, store]) =>
      new Promise<void>((held, reject) => {
        const open = indexedDB.open(database);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction(store, 'readwrite');
          const hold = window as unknown as HoldWindow;
          let released = false;
          hold.releaseHold = () => {
            released = true;
          };
          hold.holdEnded = new Promise<void>((ended, failed) => {
            transaction.oncomplete = () => {
              db.close();
              ended();
            };
            transaction.onabort = () => failed(transaction.error ?? new Error('the hold was aborted'));
          });
          // A transaction lives while it has requests: ask again until released.
          const ask = () => {
            if (!released) transaction.objectStore(store).count().onsuccess = ask;
          };
          transaction.objectStore(store).count().onsuccess = () => {
            held();
            ask();
          };
        };
      }),
    [DATABASE_NAME, store] as const,
  );
  return {
    release: () =>
      page.evaluate(() => {
        const hold = window as unknown as HoldWindow;
        hold.releaseHold();
        return hold.holdEnded;
      }),
  };
}
