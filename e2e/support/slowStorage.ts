// Makes IndexedDB writes slow to commit in a page, as on a loaded machine: after each put into a
// named object store, its transaction is kept busy (a chain of small reads) for a while, so it
// commits only then. A page that goes away meanwhile takes the unfinished write with it, as the
// browser aborts a transaction left open by a window that closes or reloads.
import type { BrowserContext, Page } from 'playwright-core';

function slowIndexedDbWrites(stores: string[], ms: number) {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    const request = put.apply(this, args);
    if (stores.includes(this.name)) {
      const until = performance.now() + ms;
      const keepBusy = () => {
        if (performance.now() < until) this.count().onsuccess = keepBusy;
      };
      keepBusy();
    }
    return request;
  };
}

/**
 * From the page's next load on (or that of each page the context opens), writes to these object
 * stores commit `ms` after they are made.
 */
export async function slowStorageWrites(
  page: Pick<Page | BrowserContext, 'addInitScript'>,
  stores: string[],
  ms: number,
): Promise<void> {
  await page.addInitScript({ content: `(${slowIndexedDbWrites.toString()})(${JSON.stringify(stores)}, ${ms});` });
}
