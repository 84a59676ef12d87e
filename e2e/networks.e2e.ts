// Everything a person holds on every network they follow, at once: the local chain and a local OP
// Stack chain, each read through its own node.
import { type Address, createPublicClient, erc20Abi, formatEther, formatUnits, type Hex, http, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opContractAddresses } from '../devchain/opSeed.ts';
import { PLAIN_CHAIN_IDS, startPlainChain } from '../devchain/plainChain.ts';
import { demoAddress, demoContractAddresses, demoSafeAddress } from '../devchain/seed.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { MULTICALL3_ADDRESS } from '../src/core/chain/multicall.ts';
import { Activity, TransactionPage } from './pages/Activity.ts';
import { AppShell } from './pages/AppShell.ts';
import { SafeScreen } from './pages/Safe.ts';
import { Send } from './pages/Send.ts';
import { Settings } from './pages/Settings.ts';
import { describeViolations, expectAccessibleInBothSchemes, seriousViolations } from './support/axe.ts';
import { LOCAL_PRICED_ASSETS, shownCents, toCents, valueNow } from './support/chainValues.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { OP_PRICED_ASSETS, statusOf, summary } from './support/networksHome.ts';
import { nodeClient } from './support/rpc.ts';

const op = opContractAddresses();

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

  it('lists each account across networks when grouped by account, and unasked tokens per network', async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/: block/);
    await expect.poll(() => statusOf(page, 'Local chain').textContent()).toMatch(/: block/);
    // Tokens sent unasked on the local chain: apart, named by their network, never counted.
    const assets = page.getByRole('region', { name: 'Assets', exact: true });
    await expect.poll(() => assets.getByText(/^On Local chain: \d+ tokens? you did not add/).count()).toBe(1);
    await page.getByLabel('Group by account', { exact: true }).check();
    const first = page.getByRole('region', { name: /^Demo account 1\b/ });
    const mine = [demoAddress(0)];
    const expected =
      (await valueNow(env.chain.url, LOCAL_PRICED_ASSETS, mine)) +
      (await valueNow(env.opChain?.url ?? '', OP_PRICED_ASSETS, mine));
    await expect
      .poll(async () => shownCents((await first.getByRole('heading').textContent()) ?? ''))
      .toBe(toCents(expected));
    const eth = first.getByRole('listitem').filter({ hasText: /^ETH/ }).first();
    expect(await eth.textContent()).toMatch(/Local chain, Local OP chain/);
    expect(await page.getByRole('region', { name: /^Demo account 2\b/ }).count()).toBe(1);
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

  it('lists approvals on every followed network, each under its network, and one network alone by the filter', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'approvals' });
    const main = page.getByRole('main');
    const onLocal = main.getByRole('heading', { name: /^\d+ approvals? in force on Local chain$/ });
    const onOp = main.getByRole('heading', { name: 'No approvals in force on Local OP chain', exact: true });
    await onLocal.waitFor({ timeout: 20_000 });
    await onOp.waitFor({ timeout: 20_000 });
    // Each network's list is its own: the local chain's items, none of the OP chain's.
    expect(await main.getByRole('list', { name: /approvals/i }).count()).toBe(1);
    await main.getByLabel('Networks shown', { exact: true }).selectOption({ label: 'Local OP chain' });
    await expect.poll(() => onLocal.count()).toBe(0);
    // One network alone is named as before, and the header's chip shows it.
    await main.getByRole('heading', { name: 'No approvals in force', exact: true }).waitFor();
    expect(await new AppShell(page).selectedNetwork()).toBe('Local OP chain');
    expect(consoleErrors).toEqual([]);
  });

  it('lists NFTs on every followed network, each under its network', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'nfts' });
    const main = page.getByRole('main');
    const onLocal = main.getByRole('region', { name: 'On Local chain', exact: true });
    await onLocal.getByRole('listitem').first().waitFor({ timeout: 30_000 });
    await main
      .getByRole('heading', { name: 'No NFTs yet on Local OP chain', exact: true })
      .waitFor({ timeout: 30_000 });
    // Each card's Send keeps its network.
    const send = onLocal.getByRole('link', { name: /^Send / }).first();
    expect(await send.getAttribute('href')).toMatch(/[?&]network=local(&|$)/);
    expect(consoleErrors).toEqual([]);
  });

  it('charts the value across networks, ending at the total across them', async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const total = summary(page).locator('p').nth(1);
    await expect.poll(async () => (await total.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^[^≈]*\$/);
    const chart = page.getByRole('img', { name: /^Value over 1 month: from / });
    await chart.waitFor({ timeout: 45_000 });
    const last = /to (\$[\d,]+\.\d\d)/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(shownCents(last)).toBe(shownCents((await total.textContent()) ?? ''));
    expect(consoleErrors).toEqual([]);
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

  it("sends USDC from Home's OP row on the OP chain, with no switch, its L1 fee as the receipt's", async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const shell = new AppShell(page);
    const header = await shell.selectedNetwork();
    const opUrl = env.opChain?.url ?? '';
    const recipient = demoAddress(8);
    const balanceOn = (url: string, token: Address) =>
      nodeClient(url).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
    const localBefore = await balanceOn(env.chain.url, demoContractAddresses().USDC);
    const assets = page.getByRole('region', { name: 'Assets', exact: true });
    const usdc = assets.getByRole('listitem').filter({ hasText: /^USDC/ }).first();
    await usdc.getByRole('button', { name: /^On 2 networks$/ }).click();
    await usdc.getByRole('link', { name: 'Send USDC on Local OP chain', exact: true }).click();
    const send = new Send(page);
    await send.form.waitFor();
    const network = send.field('Network');
    expect(await network.locator('option:checked').textContent()).toBe('Local OP chain');
    await expect.poll(() => send.field('Asset').locator('option:checked').textContent()).toMatch(/^USDC/);
    await send.fill({ recipient, amount: '1.5' });
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    expect(await send.review.textContent()).toContain('Local OP chain (chain id 901)');
    // The L1 data fee the review shows, every digit (the amount's exact value is its title).
    const l1Line = send.review.getByText(/of L1 data fee$/);
    const shownL1 = (await l1Line.locator('[data-amount]').getAttribute('title')) ?? '';
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 20_000 }).toContain('Confirmed');
    const hash = /0x[0-9a-f]{64}/.exec((await card.textContent()) ?? '')?.[0] as Hex | undefined;
    if (!hash) throw new Error('no transaction hash on the sent card');
    // As the OP node gives it: its `l1Fee` field is the OP Stack's own.
    const receipt = (await createPublicClient({ transport: http(opUrl) }).request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as unknown as { l1Fee: Hex; status: Hex; to: Address };
    expect(receipt.status).toBe('0x1');
    expect(receipt.to.toLowerCase()).toBe(op.USDC.toLowerCase());
    expect(shownL1).toBe(`${formatEther(BigInt(receipt.l1Fee))} ETH`);
    expect(await balanceOn(opUrl, op.USDC)).toBe(parseUnits('1.5', 6));
    expect(await balanceOn(env.chain.url, demoContractAddresses().USDC)).toBe(localBefore);
    // No network was switched on the way.
    expect(await shell.selectedNetwork()).toBe(header);
    expect(consoleErrors).toEqual([]);
  });

  it('reads a network without Multicall3 call by call, counting it whole and saying so', async () => {
    const opUrl = env.opChain?.url ?? '';
    const opNode = nodeClient(opUrl);
    const code = await opNode.getCode({ address: MULTICALL3_ADDRESS });
    if (!code) throw new Error('the OP chain has no Multicall3 to take away');
    await opNode.setCode({ address: MULTICALL3_ADDRESS, bytecode: '0x' });
    try {
      const { page, consoleErrors } = await demoWalletPage(env);
      await expect
        .poll(() => statusOf(page, 'Local OP chain').textContent())
        .toMatch(/^Local OP chain: block [\d,]+, read call by call: this network has no Multicall3/);
      // Nothing lost: every figure read, the total whole and as each chain gives it.
      const expected = (await valueNow(env.chain.url, LOCAL_PRICED_ASSETS)) + (await valueNow(opUrl, OP_PRICED_ASSETS));
      const total = summary(page).locator('p').nth(1);
      await expect.poll(async () => shownCents((await total.textContent()) ?? '')).toBe(toCents(expected));
      expect(await statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
      expect(consoleErrors).toEqual([]);
    } finally {
      await opNode.setCode({ address: MULTICALL3_ADDRESS, bytecode: code });
    }
  });

  it("lists the account's history on both networks, each entry with its network, and narrows to one", async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'activity' });
    const activity = new Activity(page);
    await activity.screen.waitFor();
    const [localHead, opHead] = await Promise.all([
      nodeClient(env.chain.url).getBlockNumber(),
      nodeClient(env.opChain?.url ?? '').getBlockNumber(),
    ]);
    // Each network synced on its own, each to its own chain's head.
    const upTo = async (network: string) =>
      BigInt(
        /up to date at block ([\d,]+)/
          .exec((await activity.networkLine(network).textContent()) ?? '')?.[1]
          ?.replace(/,/g, '') ?? -1,
      );
    await expect.poll(() => upTo('Local chain'), { timeout: 30_000 }).toBeGreaterThanOrEqual(localHead);
    await expect.poll(() => upTo('Local OP chain'), { timeout: 30_000 }).toBeGreaterThanOrEqual(opHead);
    // Both networks' entries in one list, each labelled with its network.
    await expect.poll(() => activity.rowsOn('Local OP chain').count()).toBeGreaterThan(0);
    await expect.poll(() => activity.rowsOn('Local chain').count()).toBeGreaterThan(0);
    // An OP entry opens on its own network, with the header on all networks (its network the local chain).
    const opRow = activity.rowsOn('Local OP chain').first();
    const opHash = /0x[0-9a-fA-F]{64}/.exec((await opRow.getAttribute('href')) ?? '')?.[0] as Hex;
    await opRow.click();
    const tx = new TransactionPage(page);
    await tx.screen.waitFor();
    expect(page.url()).toContain('network=local-op');
    const receipt = await nodeClient(env.opChain?.url ?? '').getTransactionReceipt({ hash: opHash });
    await expect.poll(() => tx.screen.textContent()).toMatch(/Network\s*Local OP chain/);
    await expect
      .poll(() => tx.screen.textContent())
      .toMatch(new RegExp(`Block\\s*${receipt.blockNumber.toLocaleString('en-US')}`));
    await page.goBack();
    await activity.screen.waitFor();
    await expect.poll(() => activity.rowsOn('Local chain').count()).toBeGreaterThan(0);
    const all = (await activity.counts())?.shown ?? 0;
    // The filter is a labelled select: narrowed to the OP chain, only its entries.
    await activity.networkFilter.selectOption({ label: 'Local OP chain' });
    await expect.poll(async () => (await activity.counts())?.shown).toBeLessThan(all);
    await expect.poll(() => activity.rowsOn('Local chain').count()).toBe(0);
    const shown = await activity.shownHashes();
    expect(shown.length).toBeGreaterThan(0);
    expect(await activity.rowsOn('Local OP chain').count()).toBe(shown.length);
    // Every one a transaction of the OP chain (its seeded history among them), none of the local chain's.
    const opHistory = new Set((env.opManifest?.history ?? []).map((h) => h.toLowerCase()));
    expect(shown.some((hash) => opHistory.has(hash))).toBe(true);
    const onChain = async (url: string, hash: string) =>
      nodeClient(url)
        .getTransactionReceipt({ hash: hash as Hex })
        .then(
          () => true,
          () => false,
        );
    for (const hash of shown) {
      expect(await onChain(env.opChain?.url ?? '', hash), hash).toBe(true);
      expect(await onChain(env.chain.url, hash), hash).toBe(false);
    }
    // Back to all networks: the same choice as the header's.
    await activity.networkFilter.selectOption({ label: 'All networks you follow' });
    await expect.poll(async () => (await activity.counts())?.shown).toBe(all);
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
