// What the networks e2e files share: the local OP chain's priced assets, and Home's total across
// networks with each network's status line.
import type { Page } from 'playwright-core';
import { opContractAddresses } from '../../devchain/opSeed.ts';

const op = opContractAddresses();
export const OP_PRICED_ASSETS = [
  { token: 'native' as const, decimals: 18, feed: op.ETH_USD_FEED },
  { token: op.DAI, decimals: 18, feed: op.DAI_USD_FEED },
  { token: op.USDC, decimals: 6, feed: op.USDC_USD_FEED },
];

/** Home's total across `networks` networks. */
export const summary = (page: Page, networks = 2) =>
  page.getByRole('region', { name: new RegExp(`^Total across ${networks} networks`) });
const statuses = (page: Page) => page.getByRole('list', { name: 'Networks in the total', exact: true });
/** The status line of `network` under Home's total. */
export const statusOf = (page: Page, network: string) =>
  statuses(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${network}:`) });
