// The Contracts screen with the demo wallet open, and an address with a broken checksum: shared
// by the contracts specs.
import { Contracts } from '../pages/Contracts.ts';
import { demoWalletPage } from './demoWallet.ts';
import type { Environment } from './environment.ts';

export async function contractsPage(env: Environment, options: { width?: number } = {}) {
  const opened = await demoWalletPage(env, { ...options, landOn: 'contracts' });
  const contracts = new Contracts(opened.page);
  await contracts.open();
  return { ...opened, contracts };
}
