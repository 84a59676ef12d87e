// Home and Send across networks when one network goes wrong: its sequencer down (priced from its
// parent), its node gone (named on Send), refusing as too many (backed off), or answering for
// another chain (left out). The local chain and a local OP Stack chain, the OP one behind a proxy.
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_DEPLOYER_INDEX, opContractAddresses } from '../devchain/opSeed.ts';
import { demoAddress } from '../devchain/seed.ts';
import { seedClient } from '../devchain/seedSupport.ts';
import { LOCAL_OP_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { AppShell } from './pages/AppShell.ts';
import { Portfolio } from './pages/Portfolio.ts';
import { Send } from './pages/Send.ts';
import { Settings } from './pages/Settings.ts';
import { LOCAL_PRICED_ASSETS, type PricedAsset, shownCents, toCents, valueNow } from './support/chainValues.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { OP_PRICED_ASSETS, statusOf, summary } from './support/networksHome.ts';

const op = opContractAddresses();

describe('a network whose node refuses, answers for another chain, or whose sequencer is down', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ opChain: true, opProxy: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("says on Send, in place and naming it, that the OP chain's node stopped answering", async () => {
    const proxy = await startRpcFaultProxy(env.opChain?.url ?? '');
    try {
      const { page } = await demoWalletPage(env);
      await new Settings(page).setRpcUrls('Local OP chain', [proxy.url]);
      await new AppShell(page).goTo('Send');
      const send = new Send(page);
      await send.field('Network').selectOption({ label: 'Local OP chain' });
      const panel = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /^Local OP chain: / }) });
      await expect.poll(() => send.field('Asset').locator('option:checked').textContent()).toMatch(/^ETH/);
      expect(await panel.count()).toBe(0);
      // The node goes away (WebSocket included): the panel comes, on Send, before anything is signed.
      proxy.setFault({ kind: 'status', status: 503 });
      await panel.waitFor({ timeout: 20_000 });
      expect(await panel.textContent()).toContain(proxy.url);
      expect(await panel.textContent()).toContain(
        'Cairn signs nothing on Local OP chain until its node answers for it.',
      );
      // Only that network's: the header's (the local chain) answers, so the shell shows no panel.
      expect(await page.getByRole('alert').count()).toBe(1);
      proxy.setFault({ kind: 'none' });
      await panel.getByRole('button', { name: 'Retry', exact: true }).click();
      await expect.poll(() => panel.count(), { timeout: 20_000 }).toBe(0);
    } finally {
      await proxy.close();
    }
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
      // Its figures asked again later and later (24 s after the refusal, then 48 s…): at most one
      // read (an eth_call) in the next 25 s, where every 12 s would have made 2. (Its history is
      // synced beside them with a back-off of its own: historySync's tests.)
      proxy.resetCounts();
      await page.waitForTimeout(25_000);
      expect(proxy.calls.eth_call ?? 0).toBeLessThanOrEqual(1);
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
    try {
      await expect
        .poll(() => statusOf(page, 'Local OP chain').textContent(), { timeout: 30_000 })
        .toBe(
          'Local OP chain: left out of the total. Its node now answers for another chain: its balances are left out of the total.',
        );
      expect(await statusOf(page, 'Local chain').textContent()).toMatch(/^Local chain: block [\d,]+$/);
      // The local chain's own total alone: the OP figures no longer count.
      await expect.poll(async () => shownCents((await total.textContent()) ?? '')).toBe(toCents(local));
    } finally {
      env.opProxy?.setFault({ kind: 'none' });
    }
  });

  // Last: the OP chain's ETH feed stays frozen, and its sequencer in its grace period, after it.
  it("prices the OP chain's assets from the local chain's feeds while its sequencer is down, saying so", async () => {
    const opUrl = env.opChain?.url ?? '';
    const setAnswer = async (feed: Address, answer: bigint) => {
      const client = seedClient(opUrl, LOCAL_OP_CHAIN_ID);
      const hash = await client.writeContract({
        account: demoAddress(OP_DEPLOYER_INDEX),
        address: feed,
        abi: parseAbi(['function setAnswer(int192)']),
        functionName: 'setAnswer',
        args: [answer],
      });
      await client.waitForTransactionReceipt({ hash });
    };
    // The sequencer down, and the OP chain's own ETH feed frozen at $1: a price never to be used.
    await setAnswer(op.SEQUENCER_FEED, 1n);
    await setAnswer(op.ETH_USD_FEED, 10n ** 8n);
    try {
      const { page, consoleErrors } = await demoWalletPage(env);
      await expect.poll(() => statusOf(page, 'Local OP chain').textContent()).toMatch(/: block/);
      const assets = page.getByRole('region', { name: 'Assets', exact: true });
      const eth = assets.getByRole('listitem').filter({ hasText: /^ETH/ }).first();
      await eth.getByRole('button', { name: /^On 2 networks$/ }).click();
      const opLine = eth.getByRole('listitem').filter({ hasText: /^Local OP chain/ });
      await expect.poll(() => opLine.textContent()).toMatch(/\$[\d,]+\.\d\d \(price from its parent network\)/);
      // Its ETH at the local chain's ETH feed, never at its own frozen one.
      const atParentPrice = await valueNow(opUrl, [
        { ...(LOCAL_PRICED_ASSETS[0] as PricedAsset), feedUrl: env.chain.url },
      ]);
      expect(shownCents((await opLine.textContent()) ?? '')).toBe(toCents(atParentPrice));
      // The total still counts the OP chain (priced, not left out).
      await expect.poll(() => summary(page).locator('p').nth(1).textContent()).toMatch(/^[^≈]*\$/);
      // The OP chain viewed alone: its own Home reads the local chain's feeds through the local
      // node, and values its ETH at them, to the cent, saying so.
      const shell = new AppShell(page);
      await shell.chooseNetwork('Local OP chain');
      const ownRow = new Portfolio(page).asset('ETH');
      await expect.poll(() => ownRow.textContent()).toMatch(/\$[\d,]+\.\d\d \(price from its parent network\)/);
      expect(shownCents((await ownRow.textContent()) ?? '')).toBe(toCents(atParentPrice));
      // Send on it: the balance's value at the same price, saying so.
      await shell.goTo('Send');
      const balance = new Send(page).form.getByText(/^Balance: /);
      await expect.poll(() => balance.textContent()).toMatch(/\(price from its parent network\)$/);
      const mine = await valueNow(
        opUrl,
        [{ ...(LOCAL_PRICED_ASSETS[0] as PricedAsset), feedUrl: env.chain.url }],
        [demoAddress(0)],
      );
      expect(shownCents((await balance.textContent()) ?? '')).toBe(toCents(mine));
      expect(consoleErrors).toEqual([]);
    } finally {
      await setAnswer(op.SEQUENCER_FEED, 0n);
    }
  });
});
