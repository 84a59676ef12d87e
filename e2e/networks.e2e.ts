// Everything a person holds on every network they follow, at once: the local chain and a local OP
// Stack chain, each read through its own node.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opContractAddresses } from '../devchain/opSeed.ts';
import { LOCAL_PRICED_ASSETS, shownCents, toCents, valueNow } from './support/chainValues.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const op = opContractAddresses();
const OP_PRICED_ASSETS = [
  { token: 'native' as const, decimals: 18, feed: op.ETH_USD_FEED },
  { token: op.DAI, decimals: 18, feed: op.DAI_USD_FEED },
  { token: op.USDC, decimals: 6, feed: op.USDC_USD_FEED },
];

const summary = (page: Page) => page.getByRole('region', { name: /^Total across 2 networks/ });
const statuses = (page: Page) => page.getByRole('list', { name: 'Networks in the total', exact: true });
const statusOf = (page: Page, network: string) =>
  statuses(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${network}:`) });

describe('all networks at once', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ opChain: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("shows one total across networks, equal to each network's total computed on its own chain", async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const opUrl = env.opChain?.url ?? '';
    const expected = (await valueNow(env.chain.url, LOCAL_PRICED_ASSETS)) + (await valueNow(opUrl, OP_PRICED_ASSETS));
    await expect.poll(() => statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/^Local OP chain: block [\d,]+$/);
    const total = summary(page).locator('p').nth(1);
    await expect.poll(async () => shownCents((await total.textContent()) ?? '')).toBe(toCents(expected));
    // Each asset once: ETH, DAI and USDC are on both networks.
    const assets = page.getByRole('region', { name: 'Assets', exact: true });
    const eth = assets.getByRole('listitem').filter({ hasText: /^ETH/ }).first();
    await expect.poll(() => eth.textContent()).toMatch(/Local chain, Local OP chain/);
    expect(consoleErrors).toEqual([]);
  });

  it('marks only the OP network stale when its node stops, and keeps counting its last figures', async () => {
    const { page } = await demoWalletPage(env);
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/block/);
    const total = summary(page).locator('p').nth(1);
    await expect.poll(async () => (await total.textContent()) ?? '').toMatch(/\$/);
    const before = shownCents((await total.textContent()) ?? '');
    await env.stopOpChain();
    await expect
      .poll(() => statusOf(page, 'Local OP chain').textContent(), { timeout: 30_000 })
      .toMatch(/The node is not answering, counted from block [\d,]+/);
    expect(await statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
    expect(shownCents((await total.textContent()) ?? '')).toBe(before);
  });
});
