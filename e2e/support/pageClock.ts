// Pauses Playwright's installed page clock just ahead of the pages' own time. Node's Date.now is
// not the pages' clock: on a loaded machine a page's installed clock ran past Node's reading plus a
// second, and pausing in the past throws ("Cannot fast-forward to the past").
import type { Clock, Page } from 'playwright-core';

export async function pauseClockSoon(clock: Clock, pages: readonly Page[], aheadMs = 2_000): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const nows = await Promise.all(pages.map((page) => page.evaluate(() => Date.now())));
    try {
      await clock.pauseAt(Math.max(...nows) + aheadMs);
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('to the past')) throw error;
    }
  }
}
