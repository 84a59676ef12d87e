// History of one account across 2 networks, in headless Chromium: Activity open on all networks,
// the local chain and the local OP chain each behind a counting proxy, each mining as chains do (a
// block every 12 s and every 2 s). Prints, figures only, per network per new block: HTTP requests,
// eth_getLogs calls, and the HTTP requests carrying eth_getLogs (budget 1). The header's network
// (the local chain) is followed at each block; the OP chain in the background, at its pace.
import type { Page } from 'playwright-core';
import { startOpChain } from '../devchain/chain.ts';
import { seedOpChain } from '../devchain/opSeed.ts';
import { Activity } from '../e2e/pages/Activity.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { nodeClient } from '../e2e/support/rpc.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { steadyMiner } from './blockCounts.ts';
import type { Held } from './held.ts';
import { historyRequests, type NetworkBlocks, perNetworkBlock } from './historyAcrossCounts.ts';
import { monthOld, openChromium, openProxy, openSeededChain, openServer } from './stage.ts';

const LOG_REQUESTS_BUDGET = 1;

/** Waits until the network's history line says it is up to date at `block` or later. */
async function syncedTo(activity: Activity, network: string, block: bigint): Promise<void> {
  const until = Date.now() + 120_000;
  for (;;) {
    const text =
      (await activity
        .networkLine(network)
        .textContent()
        .catch(() => '')) ?? '';
    const at = /up to date at block ([\d,]+)/.exec(text)?.[1];
    if (at !== undefined && BigInt(at.replace(/,/g, '')) >= block) return;
    if (Date.now() > until) throw new Error(`${network}'s history not synced to block ${block} (${text || 'no line'})`);
    await activity.page.waitForTimeout(200);
  }
}

export async function benchHistoryAcross(run: BenchRun, held: Held): Promise<string> {
  const MEASURE_MS = sized(run, 120_000, 14_000);
  const L1_BLOCK_MS = sized(run, 12_000, 2_000);
  const OP_BLOCK_MS = 2_000;
  const chain = await openSeededChain(held, run, 'month');
  const op = await held.open(startOpChain({ port: await findFreePort(), ...monthOld() }), (c) => c.stop());
  await seedOpChain(op.url);
  const l1Proxy = await openProxy(held, chain.url);
  const opProxy = await openProxy(held, op.url);
  const app = await openServer(held, {
    root: run.appDir,
    localRpcUrl: l1Proxy.url,
    localOpRpcUrl: opProxy.url,
    devchain: true,
  });
  const browser = await openChromium(held);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page: Page = await context.newPage();
  await page.goto(app.url);
  await new Onboarding(page).openDemoWallet();
  const activity = new Activity(page);
  await activity.open();
  // Every first sync ends before counting: the count is what following the two networks costs.
  await syncedTo(activity, 'Local chain', await nodeClient(chain.url).getBlockNumber());
  await syncedTo(activity, 'Local OP chain', await nodeClient(op.url).getBlockNumber());

  const heads = async () => Promise.all([nodeClient(chain.url).getBlockNumber(), nodeClient(op.url).getBlockNumber()]);
  const miners = [steadyMiner(chain.url, L1_BLOCK_MS), steadyMiner(op.url, OP_BLOCK_MS)];
  const [l1Before, opBefore] = await heads();
  for (const proxy of [l1Proxy, opProxy]) proxy.resetCounts();
  await page.waitForTimeout(MEASURE_MS);
  const [l1After, opAfter] = await heads();
  const seen = (proxy: RpcFaultProxy, blocks: bigint): NetworkBlocks => ({
    blocks: Number(blocks),
    ...historyRequests(proxy.log, proxy.requests),
  });
  const l1 = seen(l1Proxy, l1After - l1Before);
  const opSeen = seen(opProxy, opAfter - opBefore);
  for (const miner of miners) await miner.stop();
  await context.close();

  const lines = [
    `History of one account across 2 networks: Activity open on all networks (Chromium), ${Math.round(MEASURE_MS / 1000)} s`,
    perNetworkBlock(`Local chain (header's, a block every ${L1_BLOCK_MS / 1000} s)`, l1, LOG_REQUESTS_BUDGET),
    perNetworkBlock(`Local OP chain (background, a block every ${OP_BLOCK_MS / 1000} s)`, opSeen, LOG_REQUESTS_BUDGET),
  ];
  return lines.join('\n');
}
