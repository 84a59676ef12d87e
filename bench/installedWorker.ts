// Cairn opened once in a profile, as before an installed app's starts: the warm-start and
// signed-start benches measure the starts that follow.
import type { BrowserContext } from 'playwright-core';
import { updateCaches } from '../src/core/build/updateProtocol.ts';
import { markedLoad } from './firstScreenMark.ts';
import { until } from './wait.ts';

/**
 * Opens Cairn at `url` in `context` (which observes first screens) and waits until its service
 * worker stored the build and serves the page; then closes the page, as an app is closed between
 * starts (its vault worker goes with it).
 */
export async function openOnceAndInstall(context: BrowserContext, url: string): Promise<void> {
  const first = await markedLoad(context, url);
  const { state, stateEntry } = updateCaches(url);
  const installed = () =>
    first.page.evaluate(
      async ([name, entry]) =>
        (await (await (await caches.open(name)).match(entry))?.json())?.current?.hash !== undefined &&
        navigator.serviceWorker.controller !== null,
      [state, stateEntry] as const,
    );
  await until('the service worker to store the build and control the page', 60_000, installed);
  await first.page.close();
}
