// Cairn opened once in a profile, as before an installed app's starts: the warm-start and
// signed-start benches measure the starts that follow.
import type { BrowserContext } from 'playwright-core';
import { updateCaches } from '../src/core/build/updateProtocol.ts';
import { markedLoad } from './firstScreenMark.ts';

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
  for (let tries = 0; !(await installed()); tries++) {
    if (tries > 600) throw new Error('the service worker did not store the build within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await first.page.close();
}
