// Every state of every progress bar a page shows, kept from the page's start: work that takes a
// second on a person's device (a key derivation, a scan) can come and go between two looks of a
// test on a fast machine, so the page itself keeps what it showed.
import type { Page } from 'playwright-core';

/** A progress bar as assistive technology meets it: its name, and its value in words (none while indeterminate). */
export type ProgressSeen = { name: string; value: string | null };

/** Starts keeping the page's progress states (call before the page opens); returns their reader. */
export async function recordProgress(page: Page): Promise<() => Promise<ProgressSeen[]>> {
  await page.addInitScript(() => {
    const seen: { name: string; value: string | null }[] = [];
    Object.assign(window, { cairnProgressSeen: seen });
    const look = () => {
      for (const bar of document.querySelectorAll('[role=progressbar], progress')) {
        const name = document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
        const value = bar.getAttribute('aria-valuetext');
        const last = seen.at(-1);
        if (last?.name !== name || last.value !== value) seen.push({ name, value });
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { cairnProgressSeen: ProgressSeen[] }).cairnProgressSeen);
}
