// The time from navigation to Cairn's first screen (its `cairn:first-screen` performance mark, or
// the bare page's), as the first-screen and warm-start benches measure it.
import type { BrowserContext, Page } from 'playwright-core';
import { PAGE_WAIT_MS, within } from './wait.ts';

/** Reports the first-screen mark to the bench as soon as the page makes it (a string: no bundler helpers in the page). */
const FIRST_SCREEN_OBSERVER = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.name === 'cairn:first-screen') globalThis.benchFirstScreen(entry.startTime);
}).observe({ type: 'mark' });`;

/** Makes every page of `context` report its first-screen mark to `markedLoad`. Once per context. */
export async function observeFirstScreen(context: BrowserContext): Promise<void> {
  await context.exposeBinding('benchFirstScreen', (source, at: number) => {
    waiting.get(source.page)?.(at);
  });
  await context.addInitScript(FIRST_SCREEN_OBSERVER);
}

const waiting = new WeakMap<Page, (at: number) => void>();

/**
 * Opens `url` in a new page of `context` and resolves with the page and the time of its mark.
 * The mark is reported by an observer installed before the page's code (through a Playwright
 * binding), so no Playwright script is evaluated in the page while it starts: waiting with
 * page.waitForFunction did, and that evaluation (10–20 ms of the main thread) landed inside
 * Cairn's start-up but after the bare page's mark.
 */
export async function markedLoad(context: BrowserContext, url: string): Promise<{ page: Page; at: number }> {
  const page = await context.newPage();
  const marked = new Promise<number>((resolve) => waiting.set(page, resolve));
  await page.goto(url, { waitUntil: 'commit' });
  return { page, at: await within(`the first-screen mark (cairn:first-screen) of ${url}`, PAGE_WAIT_MS, marked) };
}
