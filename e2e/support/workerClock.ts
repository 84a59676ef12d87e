// A clock for the vault's SharedWorker that a test moves on (Playwright's clock reaches pages, not
// workers): the worker script is served with a patch in front that adds an offset to Date.now and
// runs the timers it makes due. With the pages' clock paused, only the worker's timers can fire:
// what then happens is the host's own decision.
import type { BrowserContext, Page } from 'playwright-core';
import { patchVaultWorker, tellPatches } from './vaultWorkerPatch.ts';

const CHANNEL = 'e2e-worker-clock';

function patchClock(channelName: string) {
  const realNow = Date.now;
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  let offset = 0;
  const waiting = new Map<unknown, { due: number; run: () => void }>();
  Date.now = () => realNow() + offset;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => {
    const handle: unknown = realSetTimeout(() => {
      waiting.delete(handle);
      callback(...args);
    }, ms);
    waiting.set(handle, {
      due: Date.now() + ms,
      run: () => {
        realClearTimeout(handle as number);
        waiting.delete(handle);
        callback(...args);
      },
    });
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: number) => {
    waiting.delete(handle);
    realClearTimeout(handle);
  }) as typeof clearTimeout;
  new BroadcastChannel(channelName).onmessage = (event) => {
    offset += Number(event.data);
    for (const timer of [...waiting.values()].sort((a, b) => a.due - b.due)) if (timer.due <= Date.now()) timer.run();
  };
}

const patchSource = `(${patchClock.toString()})(${JSON.stringify(CHANNEL)});\n`;

/** Serves the vault worker with the movable clock; call before opening pages. */
export function installWorkerClock(context: BrowserContext): Promise<void> {
  return patchVaultWorker(context, patchSource);
}

/** Moves the worker's clock on by `ms` and runs the timers that fall due. */
export function advanceWorkerClock(page: Page, ms: number): Promise<void> {
  return tellPatches(page, CHANNEL, ms);
}
