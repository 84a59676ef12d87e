// Everything a person holds on every network they follow, at once: the local chain and a local OP
// Stack chain, each read through its own node.
import type { Page } from 'playwright-core';
import { formatUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opContractAddresses } from '../devchain/opSeed.ts';
import { PLAIN_CHAIN_IDS, startPlainChain } from '../devchain/plainChain.ts';
import { demoAddress, demoSafeAddress } from '../devchain/seed.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { AppShell } from './pages/AppShell.ts';
import { SafeScreen } from './pages/Safe.ts';
import { Settings } from './pages/Settings.ts';
import { describeViolations, expectAccessibleInBothSchemes, seriousViolations } from './support/axe.ts';
import { LOCAL_PRICED_ASSETS, shownCents, toCents, valueNow } from './support/chainValues.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const op = opContractAddresses();
const OP_PRICED_ASSETS = [
  { token: 'native' as const, decimals: 18, feed: op.ETH_USD_FEED },
  { token: op.DAI, decimals: 18, feed: op.DAI_USD_FEED },
  { token: op.USDC, decimals: 6, feed: op.USDC_USD_FEED },
];

const summary = (page: Page, networks = 2) =>
  page.getByRole('region', { name: new RegExp(`^Total across ${networks} networks`) });
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

  it('adds a third network by URL, a plain chain, and counts its figures in the total', async () => {
    const chainId = PLAIN_CHAIN_IDS[0];
    const plain = await startPlainChain({ port: await findFreePort(), chainId });
    try {
      const { page, consoleErrors } = await demoWalletPage(env);
      const settings = new Settings(page);
      await settings.addNetwork({ name: 'Plain chain', rpcUrl: plain.url, chainId, symbol: 'ETH' });
      await settings.followBox('Plain chain').check();
      await new AppShell(page).goTo('Home');
      for (const network of ['Local chain', 'Local OP chain', 'Plain chain'])
        await expect
          .poll(() => statusOf(page, network).textContent())
          .toMatch(new RegExp(`^${network}: block [\\d,]+$`));
      // Cairn knows no price feed on a chain id it has no bundled list for: the plain chain's ETH
      // is counted at no dollar value, so the total is the two local chains' values, whole (no ≈).
      const opUrl = env.opChain?.url ?? '';
      const expected = (await valueNow(env.chain.url, LOCAL_PRICED_ASSETS)) + (await valueNow(opUrl, OP_PRICED_ASSETS));
      const total = summary(page, 3).locator('p').nth(1);
      await expect.poll(async () => shownCents((await total.textContent()) ?? '')).toBe(toCents(expected));
      expect(await total.textContent()).toMatch(/^\$/);
      // Its figures: the demo accounts' ETH on it, read with viem, in a row of its own (a network
      // added by URL never groups with another), without a price.
      const client = nodeClient(plain.url, { retryCount: 0 });
      const balances = await Promise.all([0, 1, 2].map((i) => client.getBalance({ address: demoAddress(i) })));
      const held = balances.reduce((a, b) => a + b, 0n);
      const assets = page.getByRole('region', { name: 'Assets', exact: true });
      const row = assets.getByRole('list').first().locator(':scope > li').filter({ hasText: 'Plain chain' });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('[data-amount]').first().getAttribute('title')).toBe(`${formatUnits(held, 18)} ETH`);
      expect(await row.textContent()).toMatch(/^ETH.*Plain chain.*no price/);
      expect(consoleErrors).toEqual([]);
    } finally {
      await plain.stop();
    }
  });

  it('fits each asset in one whole row at 360 px, and passes axe there and on a desktop', async () => {
    const { page } = await demoWalletPage(env, { width: 360 });
    const assets = page.getByRole('region', { name: 'Assets', exact: true });
    const rows = assets.getByRole('list').first().locator(':scope > li');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/block/);
    // Every row's balance and value whole: nothing in a row wider than the row, no sideways scroll.
    const cut = await rows.evaluateAll((items) =>
      items.flatMap((row) => {
        const box = row.getBoundingClientRect();
        return [...row.querySelectorAll('*')]
          .filter((el) => {
            const inner = el.getBoundingClientRect();
            return inner.width > 1 && (inner.right > box.right + 0.5 || el.scrollWidth > el.clientWidth + 1);
          })
          .map((el) => `${row.textContent?.slice(0, 30)}: ${el.tagName} ${el.textContent?.slice(0, 30)}`);
      }),
    );
    expect(cut).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const eth = rows.filter({ hasText: /^ETH/ }).first();
    expect(await eth.textContent()).toMatch(/ETH.*\$[\d,]+\.\d\d/);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await eth.getByRole('button', { name: /^On 2 networks$/ }).click();
    await expectAccessibleInBothSchemes(page, 'Home across networks, a row expanded');
  });

  it('receives on the network chosen, and warns where the Safe does not exist', async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const screen = new SafeScreen(page);
    await screen.startAdding(demoSafeAddress());
    await screen.finishAdding('Team Safe');
    await new AppShell(page).chooseAccount('Team Safe');
    await page.goto(`${env.server.url}#/receive`);
    const picker = page.getByLabel('Network to receive on', { exact: true });
    await picker.waitFor();
    const main = page.getByRole('main');
    // On the Safe's own network, no warning.
    await expect.poll(() => main.textContent()).toMatch(/On Local chain \(chain id 31337\)/);
    await page.waitForTimeout(500);
    expect(await main.getByRole('alert').count()).toBe(0);
    await picker.selectOption({ label: 'Local OP chain' });
    await expect.poll(() => main.textContent()).toMatch(/On Local OP chain \(chain id 901\)/);
    await expect
      .poll(() => main.getByRole('alert').textContent())
      .toBe(
        'No Safe is deployed at this address on Local OP chain: funds sent here on Local OP chain may be out of reach. Use the Safe’s own network.',
      );
    expect(await main.getByRole('img', { name: /^QR code of ethereum:0x[0-9a-fA-F]{40}@901$/ }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  it('marks only the OP network stale when its node stops, and keeps counting its last figures', async () => {
    const { page } = await demoWalletPage(env);
    // Both networks counted before the total is taken (a network still loading is left out).
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/: block/);
    await expect.poll(() => statusOf(page, 'Local chain').textContent()).toMatch(/: block/);
    const total = summary(page).locator('p').nth(1);
    await expect.poll(async () => (await total.textContent()) ?? '').toMatch(/^[^≈]*\$/);
    const before = shownCents((await total.textContent()) ?? '');
    await env.stopOpChain();
    await expect
      .poll(() => statusOf(page, 'Local OP chain').textContent(), { timeout: 30_000 })
      .toMatch(/The node is not answering, counted from block [\d,]+/);
    expect(await statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
    expect(shownCents((await total.textContent()) ?? '')).toBe(before);
  });
});

describe('a network whose node refuses or answers for another chain', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ opChain: true, opProxy: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('backs off a node that answers 429, counting its last figures and saying so', async () => {
    const { page } = await demoWalletPage(env);
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/block/);
    const proxy = env.opProxy;
    if (!proxy) throw new Error('this suite needs the OP proxy');
    proxy.setFault({ kind: 'status', status: 429, body: 'Too Many Requests' });
    try {
      await expect
        .poll(() => statusOf(page, 'Local OP chain').textContent(), { timeout: 30_000 })
        .toMatch(/^Local OP chain: Its node limits requests for now, counted from block [\d,]+/);
      // Asked again later and later (24 s, then 48 s…): at most 2 requests in 40 s, where every
      // 12 s would have made 3 or more.
      proxy.resetCounts();
      await page.waitForTimeout(40_000);
      expect(proxy.requests).toBeLessThanOrEqual(2);
      expect(await statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
    } finally {
      proxy.setFault({ kind: 'none' });
    }
  });

  it('is left out of the total with a sentence, its figures never counted, the other network untouched', async () => {
    const { page } = await demoWalletPage(env);
    const total = summary(page).locator('p').nth(1);
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/block/);
    const opUrl = env.opChain?.url ?? '';
    const local = await valueNow(env.chain.url, LOCAL_PRICED_ASSETS);
    const both = toCents(local + (await valueNow(opUrl, OP_PRICED_ASSETS)));
    await expect.poll(async () => shownCents((await total.textContent()) ?? '')).toBe(both);
    env.opProxy?.setFault({ kind: 'chainId', chainId: 10 });
    await expect
      .poll(() => statusOf(page, 'Local OP chain').textContent(), { timeout: 30_000 })
      .toBe(
        'Local OP chain: left out of the total. Its node now answers for another chain: its balances are left out of the total.',
      );
    expect(await statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
    // The local chain's own total alone: the OP figures no longer count.
    await expect.poll(async () => shownCents((await total.textContent()) ?? '')).toBe(toCents(local));
  });
});
