import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContractAddresses } from '../devchain/seed.ts';
import { pathTo, type ScreenEntry, screens } from '../src/app/paths.ts';
import { words } from '../src/testing/catalogWords.ts';
import mail from '../src/testing/vectors/eip712/eip712-mail-example.json';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { describeViolations, expectAccessibleInBothSchemes, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

describe('accessibility', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ ownChain: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  /**
   * Opens a screen with real parameters (a seeded transaction, a token contract) and waits for
   * what it reads from the node, so the scan sees the screen as a person does, not a spinner.
   */
  async function openScreen(page: Page, screen: ScreenEntry) {
    const hash = env.manifest?.history.at(-1) ?? '';
    const path = pathTo(screen.id, { hash, address: demoContractAddresses().DAI });
    await page.goto(`${env.server.url}#${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const main = page.getByRole('main');
    const ready: Record<string, () => Promise<void>> = {
      portfolio: () => main.getByText(/^Balances at block/).waitFor(),
      activity: () => main.getByRole('list', { name: 'History', exact: true }).getByRole('link').first().waitFor(),
      nfts: () => main.getByRole('list', { name: 'NFTs held', exact: true }).getByRole('listitem').first().waitFor(),
      transaction: () =>
        main
          .getByText(/confirmations?/)
          .first()
          .waitFor(),
      address: () =>
        main
          .getByText(/Contract/)
          .first()
          .waitFor(),
    };
    await ready[screen.id]?.();
  }

  for (const width of [1280, 360]) {
    const phone = width === 360;
    it(`every screen passes axe with no serious or critical violations, light and dark (${width} px)${phone ? ', and none scrolls sideways' : ''}`, async () => {
      const { page } = await env.newPage({ width });
      // Both schemes are scanned on each screen as it stands: the colours are CSS media queries,
      // and with reduced motion no transition is caught halfway.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const shell = new AppShell(page);
      const scan = (what: string) => expectAccessibleInBothSchemes(page, what);
      await shell.open(env.server.url);
      await expect.poll(() => shell.statusText()).toContain('Connected');
      await scan('welcome');
      const onboarding = new Onboarding(page);
      await onboarding.method('Create a new wallet').click();
      await scan('create: length');
      await page.getByRole('button', { name: 'Create recovery phrase' }).click();
      await page.getByRole('button', { name: 'Reveal recovery phrase' }).click();
      await scan('create: phrase shown');
      await page.goto(env.server.url);
      await onboarding.method('Import a recovery phrase').click();
      await scan('import phrase');
      await page.goto(env.server.url);
      await onboarding.openDemoWallet();
      for (const screen of screens) {
        await openScreen(page, screen);
        await scan(words('en', screen.label));
        // On a phone, no screen scrolls sideways (checked here, on the screen the scan just read,
        // rather than in a walk of its own).
        if (phone) expect(await sidewaysOverflow(page), words('en', screen.label)).toBeLessThanOrEqual(0);
      }
      await new AppShell(page).lock();
      await page.getByRole('heading', { name: 'Unlock Cairn' }).waitFor();
      await scan('unlock');
      // Every screen, one after another, with two scans each: past the default 60 s when two spec
      // files share two busy cores.
    }, 200_000);
  }

  it('the scanner reports a planted violation (so a clean scan means something)', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'text';
      document.querySelector('main')?.append(input);
    });
    const violations = await seriousViolations(page);
    expect(violations.map((v) => v.id)).toContain('label');
  });

  it('works by keyboard: skip link, local-chain bar, network menu and every navigation link, with visible focus', async () => {
    const { page } = await demoWalletPage(env);
    const shell = new AppShell(page);
    await page.reload();
    await new Unlock(page).unlock();
    await shell.nav.waitFor();
    // The header's account controls load in their own chunk: tab through the finished page.
    await new AppShell(page).accountChip.waitFor();
    // Start keyboard navigation from the top of the document, as after a fresh page load.
    await page.evaluate(() => {
      const start = document.createElement('span');
      start.tabIndex = -1;
      document.body.prepend(start);
      start.focus();
      start.addEventListener('blur', () => start.remove());
    });

    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await hasVisibleFocus(page)).toBe(true);

    // The local chain's warning bar comes first on the page, then the header.
    await page.keyboard.press('Tab');
    for (const name of ['Details', 'Collapse']) {
      const button = shell.localChainNotice.getByRole('button', { name });
      expect(await button.evaluate((el) => el === document.activeElement), name).toBe(true);
      expect(await hasVisibleFocus(page)).toBe(true);
      await page.keyboard.press('Tab');
    }
    expect(await shell.networkChip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await hasVisibleFocus(page)).toBe(true);

    // Move to the last navigation link and open it with Enter.
    const last = screens.filter((s) => s.inNav).at(-1);
    if (!last) throw new Error('no screens');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === words('en', last.label)) break;
    }
    expect(await hasVisibleFocus(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => shell.heading.textContent()).toBe(words('en', last.label));
    // Focus moves to the new screen's heading so screen readers announce it.
    await expect.poll(() => shell.heading.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the signing tools, with their results shown, pass axe and fit 360 px', async () => {
    const { page } = await demoWalletPage(env, { width: 360 });
    const main = page.getByRole('main');
    const check = async (what: string) => {
      const violations = await seriousViolations(page);
      expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
      expect(await sidewaysOverflow(page), what).toBeLessThanOrEqual(0);
    };
    const open = async (tool: string) => {
      await page.goto(`${env.server.url}#/sign?tool=${tool}`);
      await page.getByRole('heading', { level: 1, name: 'Sign' }).waitFor();
    };
    await open('message');
    await main.getByLabel('Message', { exact: true }).fill('Log in to example.org');
    await main.getByRole('button', { name: 'Sign message' }).click();
    await main.locator('output').waitFor();
    await check('signed message');
    await open('typed');
    await main.getByLabel('Typed data (JSON)', { exact: true }).fill(JSON.stringify(mail.typedData));
    await main.getByRole('button', { name: 'Review typed data' }).click();
    await main.getByRole('button', { name: 'Sign typed data' }).click();
    await main.locator('output').waitFor();
    await check('signed typed data');
    await open('verify');
    await main.getByRole('button', { name: 'Verify' }).click();
    await main.getByRole('alert').first().waitFor();
    await check('verify with errors');
    for (const tool of ['offline', 'broadcast']) {
      await open(tool);
      await check(tool);
    }
  });

  // Last: it leaves a fresh, unseeded chain behind.
  it('the node-unreachable panel passes axe too', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await env.stopChain();
    try {
      await shell.problem.waitFor();
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    } finally {
      await env.restartChain();
    }
  });
});

/** How far the page reaches past the window's width (more than 0: it scrolls sideways). */
const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** True when the focused element draws a focus indicator (outline or box shadow). */
function hasVisibleFocus(page: import('playwright-core').Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
  });
}
