// Test-only patches put in front of the vault's SharedWorker script (which Playwright's init
// scripts do not reach), switched by messages on a BroadcastChannel of their own.
import type { BrowserContext, Page } from 'playwright-core';

/** Serves the vault worker with `source` in front of its code; call before opening pages. */
export async function patchVaultWorker(context: BrowserContext, source: string): Promise<void> {
  await context.route(/\/assets\/vault\.worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: source + (await response.text()) });
  });
}

/** Posts `message` on `channel` from `page`: the patches in the worker and the pages listen there. */
export async function tellPatches(page: Page, channel: string, message: unknown): Promise<void> {
  await page.evaluate(
    ({ channel, message }) => {
      const sender = new BroadcastChannel(channel);
      sender.postMessage(message);
      sender.close();
    },
    { channel, message },
  );
}
