import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo } from '../src/app/paths.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding, Unlock } from './pages/Onboarding.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { pauseClockSoon } from './support/pageClock.ts';
import { openStoredVault } from './support/storedVault.ts';
import { askVault, keepCairnPolicy, type Transport } from './support/vaultProbe.ts';
import { advanceWorkerClock, installWorkerClock } from './support/workerClock.ts';

// Hardhat's account #5: a key to import in one window while another renames.
const IMPORTED_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const IMPORTED_ADDRESS = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

const unlockHeading = (page: Page) => page.getByRole('heading', { name: 'Unlock Cairn' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accountOptions = (page: Page) => new AppShell(page).accountLabels();
const LANDING = 'settingsSites';

describe.each<Transport>(['shared-worker', 'elected-window'])(
  'one vault session for every window (%s)',
  (transport) => {
    let env: Environment;
    beforeAll(async () => {
      env = await startEnvironment();
    });
    afterAll(async () => {
      await env?.close();
    });

    /**
     * A browser profile (one context) whose windows share storage, with the demo wallet unlocked in
     * window A. `before` prepares the context before any Cairn page loads (a clock, a patched worker).
     * Every window opens on the sites screen, which reads nothing from the node: these tests are
     * about the session, and Home's first reads (a month of history, in each window) would only
     * load the cores.
     */
    async function profile(
      before: (context: BrowserContext) => Promise<void> = async () => undefined,
    ): Promise<{ context: BrowserContext; a: Page; open(): Promise<Page> }> {
      const { context, page: a } = await demoWalletPage(env, {
        landOn: LANDING,
        beforeOpen: async (context) => {
          await keepCairnPolicy(context);
          if (transport === 'elected-window') {
            // As in a browser without SharedWorker: the fallback elects one window to hold the keys.
            await context.addInitScript(() => {
              Reflect.deleteProperty(window, 'SharedWorker');
            });
          }
          await before(context);
        },
      });
      const open = async () => {
        const page = await context.newPage();
        await page.goto(`${env.server.url}#${pathTo(LANDING)}`);
        return page;
      };
      return { context, a, open };
    }

    it('a change in each of two windows at once: both kept after both reload', async () => {
      const { a, open } = await profile();
      const b = await open();
      await nav(b).waitFor();
      await a.goto(`${env.server.url}#/add-wallet`);
      await new Onboarding(a).method('Import a private key').click();
      await a.getByLabel('Private key').fill(IMPORTED_KEY);
      await a.getByRole('button', { name: 'Continue' }).click();
      await a.getByRole('button', { name: 'Add to Cairn' }).waitFor();
      await b.goto(`${env.server.url}#/accounts`);
      const card = b
        .getByRole('listitem')
        .filter({ has: b.getByRole('heading', { name: 'Demo account 1', exact: true }) });
      await card.getByRole('button', { name: 'Rename' }).click();
      await b.getByLabel('Account name').fill('Renamed in B');
      await Promise.all([
        a.getByRole('button', { name: 'Add to Cairn' }).click(),
        b.getByRole('button', { name: 'Save name' }).click(),
      ]);
      await expect
        .poll(() => accountOptions(b))
        .toContain(`Account 1 — ${IMPORTED_ADDRESS.slice(0, 6)}…${IMPORTED_ADDRESS.slice(-4)}`);
      // What is stored holds both changes (a session kept alive by the other window proves nothing).
      const stored = await openStoredVault(a, E2E_PASSWORD);
      expect(stored.accounts.map((account) => [account.name, account.address])).toEqual([
        ['Renamed in B', expect.stringMatching(/^0xf39F/)],
        ['Demo account 2', expect.any(String)],
        ['Demo account 3', expect.any(String)],
        ['Account 1', IMPORTED_ADDRESS],
      ]);
      expect(stored.secrets.map((secret) => secret.kind)).toEqual(['phrase', 'privateKey']);
      for (const page of [a, b]) {
        await page.reload();
        await Promise.race([unlockHeading(page).waitFor(), nav(page).waitFor()]);
        if (await unlockHeading(page).isVisible()) await new Unlock(page).unlock();
        await nav(page).waitFor();
        await expect
          .poll(() => accountOptions(page))
          .toEqual([
            expect.stringMatching(/^Renamed in B — 0xf39F…2266/),
            expect.stringMatching(/^Demo account 2/),
            expect.stringMatching(/^Demo account 3/),
            expect.stringMatching(/^Account 1 — 0x9965…A4dc/),
          ]);
      }
    });

    it('locking in one window locks every window and the session refuses to sign; unlocking in another unlocks all', async () => {
      const { a, open } = await profile();
      const [b, c] = [await open(), await open()];
      await nav(b).waitFor();
      await nav(c).waitFor();
      const { state } = await askVault(c, transport, { kind: 'hello' });
      expect(state?.status).toBe('unlocked');
      const account = state?.accounts[0];

      await new AppShell(a).lock();
      for (const page of [a, b, c]) await unlockHeading(page).waitFor();
      const refused = await askVault(c, transport, {
        kind: 'call',
        id: 1,
        method: 'sign',
        args: [account?.id, account?.address, { kind: 'message', message: 'after lock' }],
      });
      expect(refused.error).toMatchObject({ code: 'VAULT_LOCKED' });

      await new Unlock(b).unlock();
      for (const page of [a, b, c]) await nav(page).waitFor();
      await expect.poll(() => accountOptions(a)).toHaveLength(3);
    });

    it('a popup window opened while unlocked shows the accounts with no password', async () => {
      const { context, a } = await profile();
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        a.evaluate(() => window.open(location.href, 'cairn-popup', 'popup,width=400,height=640')),
      ]);
      await nav(popup).waitFor();
      expect(await unlockHeading(popup).count()).toBe(0);
      await expect.poll(() => accountOptions(popup)).toHaveLength(3);
    });

    it.runIf(transport === 'elected-window')(
      'closing the window that holds the session locks the others, and the next one in line takes over',
      async () => {
        const { a, open } = await profile();
        const [b, c] = [await open(), await open()];
        await nav(b).waitFor();
        await nav(c).waitFor();
        await a.close();
        for (const page of [b, c]) await unlockHeading(page).waitFor();
        await new Unlock(c).unlock();
        for (const page of [b, c]) await nav(page).waitFor();
      },
    );

    it('activity in one window keeps another unlocked past its own idle time; then idle time locks them all', async () => {
      const { context, a, open } = await profile((context) => context.clock.install());
      const b = await open();
      await nav(b).waitFor();
      await a.goto(`${env.server.url}#${pathTo('settingsSecurity')}`);
      await a.getByLabel('Lock automatically after').selectOption('1');
      // From here only window B is used, every 25 s, for 100 s: well past window A's minute.
      await pauseClockSoon(context.clock, [a, b]);
      for (let step = 1; step <= 4; step++) {
        await b.mouse.move(20 * step, 40);
        // Let B's report reach the host and the host's relay reach A.
        await a.waitForTimeout(300);
        await context.clock.fastForward(25_000);
      }
      expect(await unlockHeading(a).count()).toBe(0);
      expect((await askVault(b, transport, { kind: 'hello' })).state?.status).toBe('unlocked');

      await context.clock.fastForward(61_000);
      for (const page of [a, b]) {
        await unlockHeading(page).waitFor();
        expect(await page.getByText('Cairn locked itself after a period without activity.').isVisible()).toBe(true);
      }
      await context.clock.resume();
      await new Unlock(b).unlock(E2E_PASSWORD);
      await nav(a).waitFor();
    });

    it.runIf(transport === 'shared-worker')(
      'the host’s own idle decision locks every window, even when no window’s timer runs',
      async () => {
        const { context, a, open } = await profile(async (context) => {
          await context.clock.install();
          await installWorkerClock(context);
        });
        const b = await open();
        await nav(b).waitFor();
        // The windows' clocks stop (as a browser freezes hidden tabs): their own timers never fire.
        await pauseClockSoon(context.clock, [a, b]);
        await advanceWorkerClock(a, 15 * 60_000);
        await a.waitForTimeout(300);
        expect(await unlockHeading(a).count()).toBe(0);
        // The host waits one minute longer than the windows' idle time (15 minutes by default).
        await advanceWorkerClock(a, 61_000);
        for (const page of [a, b]) {
          await unlockHeading(page).waitFor();
          expect(await page.getByText('Cairn locked itself after a period without activity.').isVisible()).toBe(true);
        }
        const { state } = await askVault(b, transport, { kind: 'hello' });
        expect(state?.status).toBe('locked');
      },
    );
  },
);
