// Makes IndexedDB writes fail on demand, wherever Cairn writes: in its pages (init script) and in
// the vault's SharedWorker (its script is served with the same patch in front). Two faults:
// - full: a write is refused as on a full disk (QuotaExceededError), before anything is queued;
// - abort: the write is queued, then its transaction is aborted before it commits, as the browser
//   does to an unfinished transaction when the window or worker doing it goes away mid-write.
// A test switches them on and off for named object stores over a BroadcastChannel, so it can
// break storage after set-up and mend it before checking.
import type { BrowserContext, Page } from 'playwright-core';
import { patchVaultWorker, tellPatches } from './vaultWorkerPatch.ts';

const CHANNEL = 'e2e-storage-faults';

type Faults = { full: string[]; abort: string[] };

function patchIndexedDb(channelName: string) {
  let faults: Faults = { full: [], abort: [] };
  new BroadcastChannel(channelName).onmessage = (event) => {
    faults = event.data;
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (faults.full.includes(this.name)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const request = put.apply(this, args);
    if (faults.abort.includes(this.name)) this.transaction.abort();
    return request;
  };
}

const patchSource = `(${patchIndexedDb.toString()})(${JSON.stringify(CHANNEL)});\n`;

/** Installs the switchable faults in every page and worker of the context; call before opening pages. */
export async function installStorageFaults(context: BrowserContext): Promise<void> {
  await context.addInitScript(patchSource);
  await patchVaultWorker(context, patchSource);
}

async function setFaults(page: Page, faults: Faults): Promise<void> {
  await tellPatches(page, CHANNEL, faults);
  // Delivery to the worker and the pages is asynchronous.
  await page.waitForTimeout(100);
}

/** Makes writes to these object stores fail as if the disk were full ([] frees it). */
export function fillStorage(page: Page, stores: string[]): Promise<void> {
  return setFaults(page, { full: stores, abort: [] });
}

/** Makes writes to these object stores be cut off before they commit ([] lets them through again). */
export function abortWrites(page: Page, stores: string[]): Promise<void> {
  return setFaults(page, { full: [], abort: stores });
}
