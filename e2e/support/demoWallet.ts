// A fresh browser profile with the demo wallet open: the start of most flow tests.
import { AppShell } from '../pages/AppShell.ts';
import { Onboarding } from '../pages/Onboarding.ts';
import type { AppPage, Environment } from './environment.ts';

export async function demoWalletPage(
  env: Environment,
  options?: Parameters<Environment['newPage']>[0],
): Promise<AppPage> {
  const opened = await env.newPage(options);
  await new AppShell(opened.page).open(env.server.url);
  await new Onboarding(opened.page).openDemoWallet();
  return opened;
}
