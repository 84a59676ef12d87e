// Makes IndexedDB refuse writes as a full disk does (QuotaExceededError), on demand, wherever
// Cairn writes: in its pages (init script) and in the vault's SharedWorker (its script is served
// with the same patch in front). A test turns it on and off for named object stores over a
// BroadcastChannel, so it can fill the disk after set-up and free it before checking.
import type { BrowserContext, Page } from 'playwright-core';

const CHANNEL = 'e2e-storage-faults';

function patchIndexedDb(channelName: string) {
  let full: string[] = [];
  new BroadcastChannel(channelName).onmessage = (event) => {
    full = Array.isArray(event.data) ? event.data : [];
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (full.includes(this.name)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args);
  };
}

const patchSource = `(${patchIndexedDb.toString()})(${JSON.stringify(CHANNEL)});\n`;

/** Installs the switchable fault in every page and worker of the context; call before opening pages. */
export async function installStorageFaults(context: BrowserContext): Promise<void> {
  await context.addInitScript(patchSource);
  await context.route(/\/assets\/vault\.worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: patchSource + (await response.text()) });
  });
}

/** Makes writes to these object stores fail as if the disk were full ([] frees it). */
export async function fillStorage(page: Page, stores: string[]): Promise<void> {
  await page.evaluate(
    ({ channel, stores }) => {
      const sender = new BroadcastChannel(channel);
      sender.postMessage(stores);
      sender.close();
    },
    { channel: CHANNEL, stores },
  );
  // Delivery to the worker and the pages is asynchronous.
  await page.waitForTimeout(100);
}
