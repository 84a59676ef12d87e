// The networks bench's stage: four networks, each its own node behind a counting proxy that adds
// 50 ms to every answer: the local chain and the local OP chain, named in the page as `npm start`
// names them, and two plain chains a person adds by URL in Settings → Networks. And what the
// bench does in the wallet: choose which networks Home follows, and time unlock → total shown.
import type { Page } from 'playwright-core';
import { startOpChain } from '../devchain/chain.ts';
import { seedOpChain } from '../devchain/opSeed.ts';
import { PLAIN_CHAIN_IDS, startPlainChain } from '../devchain/plainChain.ts';
import { AppShell } from '../e2e/pages/AppShell.ts';
import { Onboarding, Unlock } from '../e2e/pages/Onboarding.ts';
import { Settings } from '../e2e/pages/Settings.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import type { BenchRun } from './benchRun.ts';
import type { Held } from './held.ts';
import { monthOld, openChromium, openProxy, openSeededChain, openServer } from './stage.ts';

export const LATENCY_MS = 50;

/** One network of the stage: its name in the wallet, its node and the proxy the wallet reads it through. */
export type BenchNetwork = { name: string; chainUrl: string; proxy: RpcFaultProxy };

export type NetworksStage = {
  /** The local chain, the local OP chain, then the plain chains added by URL. */
  networks: BenchNetwork[];
  /** The demo wallet open on Home, the plain chains added (not yet followed). */
  page: Page;
};

export async function startNetworksStage(run: BenchRun, held: Held): Promise<NetworksStage> {
  const chain = await openSeededChain(held, run, 'month');
  const op = await held.open(startOpChain({ port: await findFreePort(), ...monthOld() }), (c) => c.stop());
  await seedOpChain(op.url);
  const nodes = [
    { name: 'Local chain', chainUrl: chain.url },
    { name: 'Local OP chain', chainUrl: op.url },
  ];
  for (const chainId of PLAIN_CHAIN_IDS) {
    const plain = await held.open(startPlainChain({ port: await findFreePort(), chainId }), (c) => c.stop());
    nodes.push({ name: `Plain chain ${chainId}`, chainUrl: plain.url });
  }
  const networks: BenchNetwork[] = [];
  for (const node of nodes) {
    const proxy = await openProxy(held, node.chainUrl);
    proxy.setFault({ kind: 'delay', ms: LATENCY_MS });
    networks.push({ ...node, proxy });
  }
  const [local, localOp] = networks as [BenchNetwork, BenchNetwork];
  const server = await openServer(held, {
    root: run.appDir,
    localRpcUrl: local.proxy.url,
    localOpRpcUrl: localOp.proxy.url,
    devchain: true,
  });
  const browser = await openChromium(held);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await new Onboarding(page).openDemoWallet();
  await totalShown(page, networks.slice(0, 2));
  const settings = new Settings(page);
  for (const [i, network] of networks.slice(2).entries())
    await settings.addNetwork({
      name: network.name,
      rpcUrl: network.proxy.url,
      chainId: PLAIN_CHAIN_IDS[i] as number,
      symbol: 'ETH',
    });
  return { networks, page };
}

/**
 * Home's total shown: across several networks, every one's status read at a block; on one
 * network, its balances at a block (figures kept from an earlier visit say otherwise). Checked at
 * every frame in the page: a locator's wait retries at growing intervals, up to half a second.
 */
export async function totalShown(page: Page, networks: readonly BenchNetwork[]): Promise<void> {
  await page.waitForFunction(
    (names) => {
      if (names.length === 1) return document.body.textContent?.includes('Balances at block') === true;
      const items = [...document.querySelectorAll('[aria-label="Networks in the total"] > li')].map(
        (item) => item.textContent ?? '',
      );
      return names.every((name) => items.some((text) => text.startsWith(`${name}: block`)));
    },
    networks.map((n) => n.name),
    { polling: 'raf', timeout: 60_000 },
  );
}

/**
 * Home following exactly `networks`, the first one selected (a one-network Home shows the
 * selected network), its total shown.
 */
export async function followOnly(page: Page, networks: readonly BenchNetwork[]): Promise<void> {
  const shell = new AppShell(page);
  await new Settings(page).followOnly(networks.map((n) => n.name));
  await shell.chooseNetwork((networks[0] as BenchNetwork).name);
  // Choosing one network views it alone: several are then viewed all at once again.
  if (networks.length > 1) await shell.chooseNetwork('All networks');
  await shell.goTo('Home');
  await totalShown(page, networks);
}

/**
 * Unlock → Home's total shown for `networks`, in a page loaded afresh (a lock keeps the figures
 * read, so an unlock would read nothing): every network's head and figures read from its node,
 * all at once. In ms.
 */
export async function unlockTime(page: Page, networks: readonly BenchNetwork[]): Promise<number> {
  await page.reload();
  await page.getByLabel('Password', { exact: true }).waitFor();
  await page.waitForTimeout(300);
  const start = Date.now();
  await new Unlock(page).unlock();
  await totalShown(page, networks);
  return Date.now() - start;
}

export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
