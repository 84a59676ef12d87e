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

/** The address with the case of its first letter flipped: a checksum mismatch. */
export function badChecksum(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const char = address[i] as string;
  const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
  return `${address.slice(0, i)}${flipped}${address.slice(i + 1)}`;
}
