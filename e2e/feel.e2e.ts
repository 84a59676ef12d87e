import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell.ts';
import { Home } from './pages/Home.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

/** The longest transition or animation any element of the page has, in ms (running or not). */
async function longestMotion(page: Page): Promise<{ ms: number; where: string }> {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      list.split(',').map((v) => (v.trim().endsWith('ms') ? Number.parseFloat(v) / 1000 : Number.parseFloat(v)));
    let longest = { ms: 0, where: '' };
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const names = style.animationName.split(',').map((n) => n.trim());
        const animations = seconds(style.animationDuration).filter((_, i) => (names[i] ?? names[0]) !== 'none');
        for (const s of [...seconds(style.transitionDuration), ...animations]) {
          if (s * 1000 > longest.ms)
            longest = { ms: s * 1000, where: `${element.tagName}.${element.className}${pseudo ?? ''}` };
        }
      }
    }
    return longest;
  });
}

describe('motion and feel', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openHome(width = 1280) {
    const opened = await demoWalletPage(env, { width });
    const shell = new AppShell(opened.page);
    await new Home(opened.page).chartDrawn();
    return { ...opened, shell };
  }

  it('moves for 150 ms at most, and not at all when reduced motion is asked for', async () => {
    const { page, context, shell } = await openHome();
    await shell.accountChip.click();
    const moving = await longestMotion(page);
    expect(moving.ms, moving.where).toBeGreaterThan(0);
    expect(moving.ms, moving.where).toBeLessThanOrEqual(150);

    const reduced = await context
      .browser()
      ?.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    if (!reduced) throw new Error('no browser');
    const still = await reduced.newPage();
    const stillShell = new AppShell(still);
    await stillShell.open(env.server.url);
    await new Onboarding(still).openDemoWallet();
    await new Home(still).chartDrawn();
    await stillShell.accountChip.click();
    const none = await longestMotion(still);
    expect(none.ms, none.where).toBe(0);
    await reduced.close();
  });

  it('never wraps an amount, at 320 px wide', async () => {
    const { page } = await openHome(320);
    const wrapped = async () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-amount]'))
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .filter((el) => {
            const lines = new Set(Array.from(el.getClientRects()).map((r) => Math.round(r.top)));
            return lines.size > 1;
          })
          .map((el) => el.textContent),
      );
    expect(await page.locator('[data-amount]').count()).toBeGreaterThan(10);
    expect(await wrapped()).toEqual([]);
    await page.getByRole('checkbox', { name: 'Group by account', exact: true }).check();
    expect(await wrapped()).toEqual([]);
  });

  it('cuts a long account name with an ellipsis and keeps the whole name in its tooltip', async () => {
    const { page, shell } = await openHome();
    const long = 'Savings for the house, the car and more'; // 39 of the 40 characters a name may have
    await shell.accountMenuLink('Manage accounts');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Demo account 1' }) });
    await card.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Account name').fill(long);
    await page.getByRole('button', { name: 'Save name' }).click();
    const heading = page.getByRole('heading', { name: long, exact: true });
    await heading.waitFor();
    const cut = (place: ReturnType<Page['locator']>) => place.evaluate((el) => el.scrollWidth > el.clientWidth);
    // The header's chip on a wide screen; the account's card on a phone.
    const chipName = shell.accountChip.locator('[title]').first();
    expect(await chipName.getAttribute('title')).toBe(long);
    expect(await cut(chipName)).toBe(true);
    await page.setViewportSize({ width: 360, height: 760 });
    const cardName = heading.locator('[title]');
    expect(await cardName.getAttribute('title')).toBe(long);
    await expect.poll(() => cut(cardName)).toBe(true);
    // What assistive technology reads is the whole name, not what fits.
    expect(await shell.accountChip.textContent()).toContain(long);
  });
});
