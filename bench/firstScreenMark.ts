// The time from navigation to Cairn's first screen, as the first-screen and warm-start benches
// measure it: when the first screen's heading is first painted, as the Element Timing API reports
// an element marked `elementtiming="first-screen"` (the bare page's heading is marked alike). A
// paint, not a mark in the code: the shells pre-rendered into index.html paint before any code runs.
import type { BrowserContext, Page } from 'playwright-core';
import { PAGE_WAIT_MS, within } from './wait.ts';

/** Reports the first-screen heading's first paint to the bench (a string: no bundler helpers in the page). */
const FIRST_SCREEN_OBSERVER = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.identifier === 'first-screen') globalThis.benchFirstScreen(entry.renderTime || entry.startTime);
}).observe({ type: 'element', buffered: true });`;

/** Makes every page of `context` report its first-screen mark to `markedLoad`. Once per context. */
export async function observeFirstScreen(context: BrowserContext): Promise<void> {
  await context.exposeBinding('benchFirstScreen', (source, at: number) => {
    waiting.get(source.page)?.(at);
  });
  await context.addInitScript(FIRST_SCREEN_OBSERVER);
}

const waiting = new WeakMap<Page, (at: number) => void>();

/**
 * Opens `url` in a new page of `context` and resolves with the page and the time of that paint.
 * It is reported by an observer installed before the page's code (through a Playwright
 * binding), so no Playwright script is evaluated in the page while it starts: waiting with
 * page.waitForFunction did, and that evaluation (10–20 ms of the main thread) landed inside
 * Cairn's start-up but after the bare page's mark.
 */
export async function markedLoad(context: BrowserContext, url: string): Promise<{ page: Page; at: number }> {
  const page = await context.newPage();
  const marked = new Promise<number>((resolve) => waiting.set(page, resolve));
  await page.goto(url, { waitUntil: 'commit' });
  return { page, at: await within(`the first paint of the first-screen heading of ${url}`, PAGE_WAIT_MS, marked) };
}
