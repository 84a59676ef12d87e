// Home across networks, in headless Chromium, on 1, 2 and 4 networks (networksStage.ts: the local
// chain, the local OP chain and two plain chains added by URL, each behind a proxy adding 50 ms).
// Prints, figures only:
// - each network alone: unlock → its one-network Home total shown, in a page loaded afresh, so
//   that every figure is read from the node (a lock keeps them);
// - 1 network: HTTP requests per new block of the one-network Home: the ask that finds the block
//   (a poll, with no socket) and those of the refresh it sets off (budget 1);
// - 2 and 4 networks: the same, unlock → the total across them shown, against the slowest of those
//   networks alone (budget 1.2×), and HTTP requests per network in one refresh of Home (budget 1);
// - idle on Home across the 4, with 12 s blocks on the local chain and 2 s blocks on the three
//   others: requests a minute, per network and in all (budget 30).
import { BACKGROUND_POLL_MS } from '../src/core/chain/refreshPolicy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { measure, steadyMiner } from './blockCounts.ts';
import type { Held } from './held.ts';
import { type BenchNetwork, followOnly, LATENCY_MS, median, startNetworksStage, unlockTime } from './networksStage.ts';

const TIME_BUDGET = 1.2;
const REQUESTS_PER_REFRESH_BUDGET = 1;
const IDLE_BUDGET_PER_MINUTE = 30;
const L1_BLOCK_MS = 12_000;
const L2_BLOCK_MS = 2_000;
/** Between the blocks mined for the one-network refresh: the head is seen and read well within. */
const ONE_NETWORK_BLOCK_MS = 4_000;
const ONE_NETWORK_SETTLE_MS = 5_000;

type Counted = { requests: number; calls: Record<string, number> };

const counted = ({ proxy }: BenchNetwork): Counted => ({ requests: proxy.requests, calls: { ...proxy.calls } });
const resetAll = (networks: readonly BenchNetwork[]) => {
  for (const { proxy } of networks) proxy.resetCounts();
};
const methods = (calls: Record<string, number>, per = 1) =>
  Object.entries(calls)
    .map(([method, n]) => `${method} ${Number.isInteger(n / per) ? n / per : (n / per).toFixed(2)}`)
    .join(', ') || 'none';
const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');

/** HTTP requests that only asked for the head (the latest block), in a counting proxy's log. */
function headAsks(log: readonly { method: string; params: readonly unknown[]; request: number }[]): number {
  const onlyHead = new Map<number, boolean>();
  for (const { method, params, request } of log)
    onlyHead.set(
      request,
      (onlyHead.get(request) ?? true) && method === 'eth_getBlockByNumber' && params[0] === 'latest',
    );
  return [...onlyHead.values()].filter(Boolean).length;
}

export async function benchNetworks(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, 5, 1);
  const IDLE_MS = sized(run, 60_000, 15_000);
  const ONE_NETWORK_BLOCKS = sized(run, 3, 1);
  const { networks, page } = await startNetworksStage(run, held);
  const [local] = networks as [BenchNetwork];

  const two = networks.slice(0, 2);
  // Each network alone, then 2 and 4 together. Each round times each of them once, in turn: the
  // load of the machine, which others share, then weighs on all of them alike.
  const timed: BenchNetwork[][] = [...networks.map((n) => [n]), two, networks];
  const times = new Map<BenchNetwork[], number[]>(timed.map((followed) => [followed, []]));
  for (let round = 0; round < RUNS; round++)
    for (const followed of timed) {
      await followOnly(page, followed);
      times.get(followed)?.push(await unlockTime(page, followed));
    }
  const timesOf = (followed: BenchNetwork[]) => times.get(followed) ?? [];
  const aloneMs = (network: BenchNetwork) => median(timesOf(timed[networks.indexOf(network)] ?? []));

  // A one-network Home refreshes at each new block of its network; counted once the page loaded
  // afresh has read what it reads once (the chart's prices, contracts' code).
  await followOnly(page, [local]);
  await page.waitForTimeout(ONE_NETWORK_SETTLE_MS);
  const oneBlock = await measure(local.proxy, local.chainUrl, ONE_NETWORK_BLOCKS, ONE_NETWORK_BLOCK_MS);
  const oneBlockHeadAsks = headAsks(local.proxy.log) / oneBlock.blocks;

  const across = async (followed: BenchNetwork[]) => {
    await followOnly(page, followed);
    // One refresh with the chains quiet: what each node is asked over one background period
    // (each network's figures are read once in it), once the history of a network newly followed
    // has caught up (its accounts' first syncs).
    await page.waitForTimeout(BACKGROUND_POLL_MS + 3_000);
    resetAll(networks);
    await page.waitForTimeout(BACKGROUND_POLL_MS);
    const slowest = followed.reduce((a, b) => (aloneMs(b) > aloneMs(a) ? b : a));
    return {
      followed,
      times: timesOf(followed),
      slowest,
      refresh: followed.map((n) => ({ network: n, ...counted(n) })),
    };
  };
  const acrossTwo = await across(two);
  const acrossFour = await across(networks);

  // Idle on Home across the four: Ethereum-like blocks on the local chain, L2-like on the others.
  const miners = networks.map((n) => steadyMiner(n.chainUrl, n === local ? L1_BLOCK_MS : L2_BLOCK_MS));
  resetAll(networks);
  const idleStart = Date.now();
  await page.waitForTimeout(IDLE_MS);
  const idleMinutes = (Date.now() - idleStart) / 60_000;
  const idle = networks.map((n) => ({
    network: n,
    perMinute: n.proxy.requests / idleMinutes,
    calls: { ...n.proxy.calls },
  }));
  for (const miner of miners) await miner.stop();

  const oneBlockRequests = oneBlock.requests / oneBlock.blocks;
  const oneBlockRefresh = oneBlockRequests - oneBlockHeadAsks;
  const acrossLines = (result: typeof acrossTwo) => {
    const ms = median(result.times);
    const ratio = ms / Math.max(1, aloneMs(result.slowest));
    const perRefresh = Math.max(...result.refresh.map((r) => r.requests));
    return [
      `  ${result.followed.length} networks: unlock (page loaded afresh) → total across them ${ms} ms median of ${RUNS} [${result.times.join(', ')}]`,
      `    against the slowest alone (${result.slowest.name}, ${aloneMs(result.slowest)} ms): ${ratio.toFixed(2)}×   budget ≤ ${TIME_BUDGET}×: ${verdict(ratio <= TIME_BUDGET)}`,
      `    one refresh (${BACKGROUND_POLL_MS / 1000} s, chains quiet), HTTP requests: ${result.refresh
        .map((r) => `${r.network.name} ${r.requests} (${methods(r.calls)})`)
        .join('; ')}`,
      `    requests per network per refresh: at most ${perRefresh}   budget ≤ ${REQUESTS_PER_REFRESH_BUDGET}: ${verdict(perRefresh <= REQUESTS_PER_REFRESH_BUDGET)}`,
    ];
  };
  const idleTotal = idle.reduce((sum, n) => sum + n.perMinute, 0);
  return [
    `Home across networks: the local chain, the local OP chain and ${networks.length - 2} plain chains added by URL, each behind a proxy adding ${LATENCY_MS} ms (3 demo accounts, Chromium)`,
    `  each network alone, unlock (page loaded afresh) → one-network Home total, median of ${RUNS}: ${networks
      .map((n, i) => `${n.name} ${aloneMs(n)} ms [${timesOf(timed[i] ?? []).join(', ')}]`)
      .join('; ')}`,
    `  1 network (${local.name}): ${oneBlockRequests.toFixed(2)} HTTP requests per new block (${methods(oneBlock.calls, oneBlock.blocks)}), over ${oneBlock.blocks} blocks ${ONE_NETWORK_BLOCK_MS / 1000} s apart`,
    `    of which ${oneBlockHeadAsks.toFixed(2)} the head's ask that finds the block, and ${oneBlockRefresh.toFixed(2)} the refresh   budget ≤ ${REQUESTS_PER_REFRESH_BUDGET} for the refresh: ${verdict(oneBlockRefresh <= REQUESTS_PER_REFRESH_BUDGET)}`,
    ...acrossLines(acrossTwo),
    ...acrossLines(acrossFour),
    `  idle ${Math.round(IDLE_MS / 1000)} s on Home across ${networks.length} networks, blocks every ${L1_BLOCK_MS / 1000} s (${local.name}) and ${L2_BLOCK_MS / 1000} s (the others): ${idleTotal.toFixed(1)} requests a minute in all   budget ≤ ${IDLE_BUDGET_PER_MINUTE}: ${verdict(idleTotal <= IDLE_BUDGET_PER_MINUTE)}`,
    ...idle.map(
      (n) =>
        `    ${n.network.name} ${n.perMinute.toFixed(1)} a minute (calls a minute: ${methods(n.calls, idleMinutes)})`,
    ),
  ].join('\n');
}
