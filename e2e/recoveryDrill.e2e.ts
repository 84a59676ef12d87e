// A recovery drill on the production build: the demo wallet made with the page's clock installed,
// the clock moved 90 days on (Cairn locks itself meanwhile and is unlocked again), the drill
// reminder shown above the screen, the person following it to Settings → Recovery and typing the
// asked words of the demo phrase; the pass recorded and shown there, the reminder gone. axe on the
// drill form.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding, Unlock } from './pages/Onboarding.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const DAY_MS = 86_400_000;
const WORDS = DEMO_MNEMONIC.split(' ');

/** A date as Settings writes it (en-US, long), by the page's clock plus `days`. */
function longDate(page: Page, days = 0): Promise<string> {
  return page.evaluate(
    (ms) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(Date.now() + ms)),
    days * DAY_MS,
  );
}

describe('Recovery drills', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('asks for a drill 90 days on; the person passes it and Settings → Recovery shows it', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.clock.install();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const reminder = page.getByRole('complementary', { name: 'Time for a recovery drill' });
    expect(await reminder.count()).toBe(0);

    await page.clock.fastForward(90 * DAY_MS);
    // Ninety idle days lock Cairn (auto-lock is on); the reminder greets the person after unlocking.
    await page.getByRole('heading', { name: 'Unlock Cairn' }).waitFor();
    await new Unlock(page).unlock(E2E_PASSWORD);
    await shell.nav.waitFor();
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain('Show that you can still recover the recovery phrase of');
    // A notice, not a modal: the screen behind it still takes clicks.
    expect(await page.getByRole('dialog').count()).toBe(0);

    await reminder.getByRole('link', { name: 'Go to the drill' }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Recovery', exact: true }).waitFor();
    const drills = main.getByRole('list', { name: 'Recovery drills of this wallet' });
    expect(await drills.textContent()).toContain('not yet shown to work in a drill.');
    expect(await drills.textContent()).toContain('A drill has been due since');

    await main.getByRole('button', { name: 'Drill the recovery phrase', exact: true }).click();
    const form = main.getByRole('form', { name: 'Drill: your recovery phrase' });
    const asked = form.getByLabel(/^Word \d+$/);
    await asked.first().waitFor();
    expect(await asked.count()).toBe(3);
    await expectAccessibleInBothSchemes(page, 'the recovery drill');
    for (const field of await asked.all()) {
      const label = await field.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
      expect(await field.getAttribute('type')).toBe('password');
      expect(await field.getAttribute('autocomplete')).toBe('off');
      await field.fill(WORDS[Number(/\d+/.exec(label)?.[0]) - 1] ?? '');
    }
    await form.getByRole('button', { name: 'Check', exact: true }).click();

    await page
      .getByRole('status')
      .filter({ hasText: 'Drill passed: your recovery phrase still restores this wallet.' })
      .waitFor();
    const today = await longDate(page);
    const next = await longDate(page, 90);
    await expect.poll(() => drills.textContent()).toContain(`last shown to work on ${today}.`);
    expect(await drills.textContent()).toContain(`Next drill due on ${next}.`);
    await expect.poll(() => reminder.count()).toBe(0);

    // Recorded in the vault: after a lock and unlock the pass is still shown.
    await shell.lock();
    await new Unlock(page).unlock(E2E_PASSWORD);
    await expect.poll(() => drills.textContent()).toContain(`last shown to work on ${today}.`);
    expect(consoleErrors).toEqual([]);
  });
});
