// The steps every dApp spec takes: the demo wallet set up in Cairn with the sample dApp open
// beside it in one browser profile (a fresh one, or one connected profile the file's tests share),
// Cairn's window opened by a click on the site, and approving in that window once its approve
// button wakes up.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { Unlock } from '../pages/Onboarding.ts';
import { type SampleButton, SampleDapp } from '../pages/SampleDapp.ts';
import { demoWalletPage } from './demoWallet.ts';
import { type Environment, type EnvironmentOptions, startEnvironment } from './environment.ts';
import { type SampleDapp as SampleDappServer, startSampleDapp } from './sampleDapp.ts';

/**
 * For a spec file's describe block: a fresh environment with the sample dApp served beside it,
 * started before the block's tests and closed after them, and dappSession's steps against both.
 */
export function dappSpec(options: EnvironmentOptions = {}) {
  let started: { env: Environment; dappServer: SampleDappServer } | undefined;
  beforeAll(async () => {
    const env = await startEnvironment(options);
    started = { env, dappServer: await startSampleDapp(env.server.url) };
  });
  afterAll(async () => {
    await started?.dappServer.close();
    await started?.env.close();
  });
  const running = () => {
    if (!started) throw new Error('the dApp environment is not started (use it inside a test)');
    return started;
  };
  const env = () => running().env;
  const dappServer = () => running().dappServer;
  return { env, dappServer, ...dappSession(env, () => dappServer().url) };
}

export function dappSession(env: () => Environment, dappUrl: () => string) {
  /**
   * The demo wallet set up in Cairn, and the sample dApp open in the same browser profile, Cairn
   * picked. `keepOpen`: the profile outlives the test (connectedSite's).
   */
  async function dappWithCairn(options: { keepOpen?: boolean } = {}): Promise<{
    context: BrowserContext;
    dapp: SampleDapp;
    wallet: Page;
    walletErrors: string[];
  }> {
    // On the sites screen: no dApp test looks at Home, whose first reads would only slow the rest.
    const {
      page: wallet,
      context,
      consoleErrors,
    } = await demoWalletPage(env(), {
      landOn: 'settingsSites',
      ...options,
    });
    const dapp = new SampleDapp(await context.newPage());
    await dapp.open(dappUrl());
    await dapp.chooseWallet('Cairn');
    return { context, dapp, wallet, walletErrors: consoleErrors };
  }

  /** Clicks `button` on the site and returns Cairn's window it opens, once it shows the request. */
  const windowFor = (context: BrowserContext, dapp: SampleDapp, button: SampleButton): Promise<Page> =>
    windowOpenedBy(context, () => dapp.button(button).click());

  async function connect(context: BrowserContext, dapp: SampleDapp): Promise<string> {
    const popup = await windowFor(context, dapp, 'Connect');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Connect to this site?');
    expect(await popup.getByRole('main').textContent()).toContain(new URL(dappUrl()).origin);
    await approveInWindow(popup, 'Connect');
    return dapp.result('Connect result');
  }

  /** The profile connectedSite keeps for the file's tests, once made. */
  let shared: { context: BrowserContext; dapp: SampleDapp; wallet: Page } | undefined;

  /**
   * The sample dApp connected to Cairn, in one profile the file's tests share: a profile, an unlock
   * and a connection of its own cost each test about five CPU-seconds, and most tests only ask
   * things of a connected site. Each gets it as a fresh one would be: the site's page loaded anew
   * (its fields as the page sets them), Cairn picked, the site connected (again, after a test that
   * disconnected it), Cairn unlocked on the wallet's page and no window of Cairn's open. `account`
   * is what the site was told (eth_accounts).
   */
  async function connectedSite(): Promise<{
    context: BrowserContext;
    dapp: SampleDapp;
    wallet: Page;
    account: string;
  }> {
    if (!shared || shared.wallet.isClosed()) {
      const { context, dapp, wallet } = await dappWithCairn({ keepOpen: true });
      const account = await connect(context, dapp);
      shared = { context, dapp, wallet };
      return { ...shared, account };
    }
    const { context, dapp, wallet } = shared;
    // A window a test left open (one that failed before closing it) would take the next request.
    for (const page of context.pages()) if (page !== wallet && page !== dapp.page) await page.close();
    const unlock = wallet.getByRole('heading', { name: 'Unlock Cairn' });
    if (await unlock.isVisible()) await new Unlock(wallet).unlock();
    await wallet.getByRole('navigation', { name: 'Main' }).waitFor();
    await dapp.open(dappUrl());
    await dapp.chooseWallet('Cairn');
    const told = await dapp.run('Accounts', 'Accounts result');
    const account = told === 'no accounts' ? await connect(context, dapp) : told;
    return { context, dapp, wallet, account };
  }

  return { dappWithCairn, connectedSite, windowFor, approve: approveInWindow, connect };
}

/** Runs `click` and returns the Cairn window it opens in `context`, once it shows the request. */
export async function windowOpenedBy(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const popup = await opened;
  await popup.getByRole('heading', { level: 1 }).waitFor();
  return popup;
}

/**
 * Waits until Cairn's window has woken its buttons: its note that they wake up a moment after it
 * appears (rendered with its heading, which windowOpenedBy waited for) is gone.
 */
export async function awake(popup: Page): Promise<void> {
  await popup.getByText('The buttons wake up a moment after this window appears.').waitFor({ state: 'detached' });
}

/** Approves in Cairn's window once the button wakes up (it is disabled for about a second), and waits for it to close. */
export async function approveInWindow(popup: Page, name: string, closeTimeout = 30_000): Promise<void> {
  const button = popup.getByRole('button', { name, exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
  const closed = popup.waitForEvent('close', { timeout: closeTimeout });
  await button.click();
  await closed;
}
