// Home across networks, in headless Chromium: the local chain and the local OP chain, each behind a
// counting proxy that adds 50 ms to every answer. Prints, figures only:
// - navigation: unlock → the total across both networks shown, against the one-network Home of the
//   same wallet on the local chain alone (budget 1.2×);
// - a refresh: HTTP requests per network per refresh of Home across networks (budget 1);
// - idle on Home with a 12 s chain and a 2 s L2: requests per minute, in all and per network.
import type { Page } from 'playwright-core';
import { startOpChain } from '../devchain/chain.ts';
import { seedOpChain } from '../devchain/opSeed.ts';
import { AppShell } from '../e2e/pages/AppShell.ts';
import { Onboarding, Unlock } from '../e2e/pages/Onboarding.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { BACKGROUND_POLL_MS } from '../src/core/chain/refreshPolicy.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { steadyMiner } from './blockCounts.ts';
import type { Held } from './held.ts';
import { monthOld, openChromium, openProxy, openSeededChain, openServer } from './stage.ts';

const LATENCY_MS = 50;
const TIME_BUDGET = 1.2;
const REQUESTS_PER_REFRESH_BUDGET = 1;

/** Both networks' statuses read at a block: the total across them is whole. */
async function totalAcrossShown(page: Page): Promise<void> {
  const statuses = page.getByRole('list', { name: 'Networks in the total', exact: true });
  await statuses
    .getByRole('listitem')
    .filter({ hasText: /^Local chain: block/ })
    .waitFor({ timeout: 60_000 });
  await statuses
    .getByRole('listitem')
    .filter({ hasText: /^Local OP chain: block/ })
    .waitFor({ timeout: 60_000 });
}

async function oneNetworkTotalShown(page: Page): Promise<void> {
  await page.getByText(/^Balances at block/).waitFor({ timeout: 60_000 });
}

/** Unlock → `shown`, `runs` times after a first open: times in ms. */
async function unlockTimes(page: Page, runs: number, shown: (page: Page) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await new AppShell(page).lock();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.waitForTimeout(300);
    const start = Date.now();
    await new Unlock(page).unlock();
    await shown(page);
    times.push(Date.now() - start);
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchNetworks(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, 5, 1);
  const IDLE_MS = sized(run, 60_000, 15_000);
  const chain = await openSeededChain(held, run, 'month');
  const op = await held.open(startOpChain({ port: await findFreePort(), ...monthOld() }), (c) => c.stop());
  await seedOpChain(op.url);
  const l1Proxy = await openProxy(held, chain.url);
  const opProxy = await openProxy(held, op.url);
  for (const proxy of [l1Proxy, opProxy]) proxy.setFault({ kind: 'delay', ms: LATENCY_MS });
  const across = await openServer(held, {
    root: run.appDir,
    localRpcUrl: l1Proxy.url,
    localOpRpcUrl: opProxy.url,
    devchain: true,
  });
  const alone = await openServer(held, { root: run.appDir, localRpcUrl: l1Proxy.url, devchain: true });
  const browser = await openChromium(held);

  const open = async (url: string, shown: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url);
    await new Onboarding(page).openDemoWallet();
    await shown(page);
    return page;
  };
  const onePage = await open(alone.url, oneNetworkTotalShown);
  const oneTimes = await unlockTimes(onePage, RUNS, oneNetworkTotalShown);
  await onePage.context().close();
  const acrossPage = await open(across.url, totalAcrossShown);
  const acrossTimes = await unlockTimes(acrossPage, RUNS, totalAcrossShown);

  // A refresh of Home across networks, with the chains quiet: what each network's node is asked
  // over one background period (each network's figures are read once in it).
  await acrossPage.waitForTimeout(3_000);
  const counts = (proxy: RpcFaultProxy) => ({ requests: proxy.requests, calls: { ...proxy.calls } });
  for (const proxy of [l1Proxy, opProxy]) proxy.resetCounts();
  await acrossPage.waitForTimeout(BACKGROUND_POLL_MS);
  const refresh = { l1: counts(l1Proxy), op: counts(opProxy) };

  // Idle: a 12 s chain and a 2 s L2 mining as chains do.
  const miners = [steadyMiner(chain.url, 12_000), steadyMiner(op.url, 2_000)];
  for (const proxy of [l1Proxy, opProxy]) proxy.resetCounts();
  const idleStart = Date.now();
  await acrossPage.waitForTimeout(IDLE_MS);
  const idleMinutes = (Date.now() - idleStart) / 60_000;
  const idle = { l1: l1Proxy.requests / idleMinutes, op: opProxy.requests / idleMinutes };
  for (const miner of miners) await miner.stop();

  const ratio = median(acrossTimes) / Math.max(1, median(oneTimes));
  const perRefresh = Math.max(refresh.l1.requests, refresh.op.requests);
  const perMinute = idle.l1 + idle.op;
  const calls = (c: Record<string, number>) =>
    Object.entries(c)
      .map(([method, n]) => `${method} ${n}`)
      .join(', ');
  return [
    `Home across networks: the local chain and the local OP chain, each behind a proxy adding ${LATENCY_MS} ms (3 demo accounts, Chromium)`,
    `  unlock → total across 2 networks  ${median(acrossTimes)} ms median of ${RUNS} [${acrossTimes.join(', ')}]`,
    `  unlock → one-network Home total   ${median(oneTimes)} ms median of ${RUNS} [${oneTimes.join(', ')}]`,
    `    ratio ${ratio.toFixed(2)}×   budget ≤ ${TIME_BUDGET}×: ${ratio <= TIME_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
    `  one refresh (${BACKGROUND_POLL_MS / 1000} s, chains quiet): local chain ${refresh.l1.requests} HTTP requests (${calls(refresh.l1.calls)}), OP chain ${refresh.op.requests} (${calls(refresh.op.calls)})`,
    `    requests per network per refresh: budget ≤ ${REQUESTS_PER_REFRESH_BUDGET}: ${perRefresh <= REQUESTS_PER_REFRESH_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
    `  idle ${Math.round(IDLE_MS / 1000)} s, blocks every 12 s (local) and 2 s (OP): ${perMinute.toFixed(1)} requests a minute (local ${idle.l1.toFixed(1)}, OP ${idle.op.toFixed(1)})`,
  ].join('\n');
}
