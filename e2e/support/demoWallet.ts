// A fresh browser profile with the demo wallet open: the start of most flow tests.
import { type ScreenId, screen } from '../../src/app/paths.ts';
import { AppShell } from '../pages/AppShell.ts';
import { Onboarding } from '../pages/Onboarding.ts';
import type { AppPage, Environment } from './environment.ts';

export type DemoWalletOptions = Parameters<Environment['newPage']>[0] & {
  /**
   * The screen the wallet opens on (the address bar's, kept through set-up), Home unless given.
   * A test of another screen lands on it: Home on a fresh profile reads its month of history and
   * prices (two dozen requests, the node's and the page's busiest seconds), which such a test
   * would pay for and never look at.
   */
  landOn?: ScreenId;
};

export async function demoWalletPage(env: Environment, options: DemoWalletOptions = {}): Promise<AppPage> {
  const { landOn, ...pageOptions } = options;
  const opened = await env.newPage(pageOptions);
  await new AppShell(opened.page).open(env.server.url, landOn ? screen(landOn) : undefined);
  await new Onboarding(opened.page).openDemoWallet();
  return opened;
}
