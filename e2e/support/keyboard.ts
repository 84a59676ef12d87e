// Moving through a page as a keyboard user does, and checking it fits the window.
import type { Locator, Page } from 'playwright-core';

/** Presses Tab (or Shift+Tab), from wherever focus is, until the locator has focus; fails if it never does. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached the element`);
}

/** How far the page scrolls sideways (0 when it fits the window's width). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
