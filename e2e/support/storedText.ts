// Everything a page keeps (localStorage, sessionStorage, every IndexedDB store) as one text, bytes
// as hex: what the leak checks search for secrets.
import type { Page } from 'playwright-core';

/** Every value in localStorage, sessionStorage and IndexedDB, bytes as hex, as one text. */
export function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    const replacer = (_: string, value: unknown) =>
      value instanceof Uint8Array || value instanceof ArrayBuffer
        ? Array.from(new Uint8Array(value as ArrayBuffer), (b) => b.toString(16).padStart(2, '0')).join('')
        : value;
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? '');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        dump.push(JSON.stringify(values, replacer));
      }
      db.close();
    }
    return dump.join('\n');
  });
}
