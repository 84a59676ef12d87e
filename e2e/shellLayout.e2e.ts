// The shell's layout at phone and desktop sizes: one compact header row, a rail on desktop and a
// tab bar on phones that reach every screen by keyboard and with touch-size targets, the network
// and account menus, and the collapsible local-chain bar.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../src/app/paths.ts';
import { words } from '../src/testing/catalogWords.ts';
import { AppShell } from './pages/AppShell.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { horizontalOverflow, tabTo } from './support/keyboard.ts';

const TARGET = 44;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

describe('shell layout', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function unlocked(width: number, colorScheme: 'light' | 'dark') {
    const { page } = await demoWalletPage(env, { width, colorScheme });
    const shell = new AppShell(page);
    await shell.accountChip.waitFor();
    return { page, shell };
  }

  // The layout is one for both schemes (only colours differ): the desktop in light, the phone in dark.
  it(`desktop (light): one header row at most 64 px, a rail left of the screen, every screen by keyboard`, async () => {
    const { page, shell } = await unlocked(1280, 'light');
    expect((await box(page.getByRole('banner'))).height).toBeLessThanOrEqual(64);
    const rail = await box(shell.nav);
    const main = await box(page.getByRole('main'));
    expect(rail.x + rail.width).toBeLessThanOrEqual(main.x);
    expect(await shell.nav.getByRole('button', { name: 'More' }).isVisible()).toBe(false);
    for (const entry of screens.filter((s) => s.inNav)) {
      const link = shell.navLink(words('en', entry.label));
      expect((await box(link)).height).toBeGreaterThanOrEqual(TARGET);
      // From the top of the page (the skip link), Tab through the header into the rail.
      await page.getByRole('button', { name: 'Skip to content' }).focus();
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect.poll(() => shell.heading.textContent()).toBe(words('en', entry.label));
    }
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it(`phone (dark): a header of at most 56 px, a tab bar at the bottom, More for the rest, 44 px targets`, async () => {
    const { page, shell } = await unlocked(360, 'dark');
    expect((await box(page.getByRole('banner'))).height).toBeLessThanOrEqual(56);
    const bar = await box(shell.nav.getByRole('list').first());
    expect(bar.y + bar.height).toBeCloseTo(800, 0);
    const listed = screens.filter((s) => s.inNav);
    for (const entry of listed.filter((s) => s.tab)) {
      const link = shell.navLink(words('en', entry.label));
      const target = await box(link);
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(TARGET);
      await link.click();
      await expect.poll(() => shell.heading.textContent()).toBe(words('en', entry.label));
    }
    const more = shell.nav.getByRole('button', { name: 'More' });
    for (const entry of listed.filter((s) => !s.tab)) {
      expect(await shell.navLink(words('en', entry.label)).isVisible()).toBe(false);
      // By keyboard: More opens the rest, Tab reaches the link, Enter opens it.
      await more.focus();
      await page.keyboard.press('Enter');
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      const link = shell.navLink(words('en', entry.label));
      expect((await box(link)).height).toBeGreaterThanOrEqual(TARGET);
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect.poll(() => shell.heading.textContent()).toBe(words('en', entry.label));
      expect(await link.isVisible()).toBe(false);
    }
    for (const control of [shell.networkChip, shell.accountChip, page.getByRole('button', { name: 'Search' })]) {
      const target = await box(control);
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(TARGET);
    }
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('at 320 px nothing scrolls sideways, and search opens from its button', async () => {
    const { page } = await unlocked(320, 'light');
    expect(await horizontalOverflow(page)).toBe(0);
    const search = page.getByRole('searchbox', { name: 'Search by transaction hash, address or ENS name' });
    expect(await search.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await search.isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('the network menu switches network and the account menu switches account, each closing with Escape', async () => {
    const { page, shell } = await unlocked(1280, 'light');
    await shell.networkChip.click();
    const sepolia = page.getByRole('banner').getByRole('button', { name: 'Sepolia', exact: true });
    await sepolia.waitFor();
    await page.keyboard.press('Escape');
    expect(await sepolia.isVisible()).toBe(false);
    expect(await shell.networkChip.evaluate((el) => el === document.activeElement)).toBe(true);
    await shell.chooseNetwork('Sepolia');
    await expect.poll(() => shell.selectedNetwork()).toBe('Sepolia');
    await shell.chooseNetwork('Local chain');

    const labels = await shell.accountLabels();
    expect(labels).toHaveLength(3);
    const second = labels[1] ?? '';
    await shell.chooseAccount(second);
    await expect.poll(() => shell.accountChip.textContent()).toContain(second.split(' — ')[0]);
    // The chip shows the account's value on this network.
    await expect.poll(() => shell.accountChip.textContent()).toMatch(/\$[\d,]+\.\d\d/);
  });

  it('the local-chain bar stays short, shows the phrase on demand and is one landmark across lock and unlock', async () => {
    const { page, shell } = await unlocked(1280, 'light');
    const bar = shell.localChainNotice;
    // One row: a touch-size button and the padding around it.
    expect((await box(bar)).height).toBeLessThanOrEqual(TARGET + 12);
    const details = bar.getByRole('button', { name: 'Details' });
    await details.click();
    expect(await bar.getByText('test test test', { exact: false }).isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Hide details' }).click();
    const handle = await bar.elementHandle();
    await shell.lock();
    await page.getByRole('heading', { name: 'Unlock Cairn' }).waitFor();
    // The same element: it was not mounted again, so a screen reader does not meet it again.
    expect(await handle?.evaluate((el) => el.isConnected)).toBe(true);
    expect(await page.getByRole('complementary', { name: 'Local demo chain' }).count()).toBe(1);
  });

  it('the local-chain bar collapses to one short line on a phone, stays on every screen, and expands again', async () => {
    const { shell } = await unlocked(360, 'light');
    const bar = shell.localChainNotice;
    const full = (await box(bar)).height;
    await bar.getByRole('button', { name: 'Collapse' }).click();
    expect(await bar.textContent()).toContain('public demo keys');
    const short = (await box(bar)).height;
    expect(short).toBeLessThan(full);
    expect(short).toBeLessThanOrEqual(TARGET + 12);
    await shell.goTo('Activity');
    expect(await bar.getByRole('button', { name: 'Expand' }).getAttribute('aria-expanded')).toBe('false');
    await bar.getByRole('button', { name: 'Expand' }).click();
    expect(await bar.textContent()).toContain('its demo keys are known to everyone');
  });
});
