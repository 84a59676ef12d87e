// History at scale: an account with 10,000 and with 100,000 token transfers (half in, half out,
// one transaction each), on a fresh chain each. For each: the first sync in Node (HTTP requests
// and wall time; at 10,000 also with 50 ms per request), a resync with nothing new (requests;
// budget 1), then in Chromium the first sync from the wallet opened to "Up to date at block"
// (budget 5 s / 30 s), the time from opening Activity to its first rows (budget 200 ms), the rows
// in the page and a scroll from top to end. The peer is outside the demo wallet: the account's
// history is the one measured.
import type { Browser } from 'playwright-core';
import { demoAddress } from '../devchain/seed.ts';
import { memoryActivityStore } from '../src/core/activity/activityStore.ts';
import { syncAccount } from '../src/core/activity/sync.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { seedTransferHistory } from '../src/testing/transferHistory.ts';
import type { BenchRun } from './benchRun.ts';
import type { Held } from './held.ts';
import { benchHistoryInBrowser } from './historyBrowser.ts';
import { openChain, openChromium, openProxy } from './stage.ts';
import { duration, within } from './wait.ts';

/** The sizes measured, each with its budget for the first sync in the browser. */
const SIZES = [
  { transfers: 10_000, syncBudgetMs: 5_000, withLatency: true },
  { transfers: 100_000, syncBudgetMs: 30_000, withLatency: false },
] as const;
/** `npm run bench -- --smoke`: enough to fill more than a screen of Activity. */
const SMOKE_SIZES = [{ transfers: 100, syncBudgetMs: 5_000, withLatency: true }] as const;
/** BENCH_TRANSFERS=n measures that one size (with the larger budget when above 10,000). */
const chosenSize = () => {
  const transfers = Number(process.env.BENCH_TRANSFERS);
  if (!Number.isSafeInteger(transfers) || transfers <= 0) return undefined;
  return [{ transfers, syncBudgetMs: transfers > 10_000 ? 30_000 : 5_000, withLatency: transfers <= 10_000 }];
};
/** Hardhat's block gas limit (30 M) takes about 600 token transfers. */
const PER_BLOCK = 500;
const LATENCY_MS = 50;
const RESYNC_BUDGET = 1;
const SEED_LIMIT_MS = 10 * 60_000;

const count = (n: number) => n.toLocaleString('en-US');
const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');

export async function benchHistory({ appDir, smoke }: BenchRun, held: Held): Promise<string> {
  const sizes = smoke ? SMOKE_SIZES : (chosenSize() ?? SIZES);
  const browser = await openChromium(held);
  const lines: string[] = [
    'History at scale: one account with many token transfers (half in, half out, one transaction each)',
  ];
  let failed = false;
  for (const size of sizes) {
    try {
      await benchSize(held, browser, appDir, smoke, size, lines);
    } catch (error) {
      // The figures of the other sizes still print, with this one's failure among them.
      failed = true;
      lines.push(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed) throw new Error(lines.join('\n'));
  return lines.join('\n');
}

type Size = { transfers: number; syncBudgetMs: number; withLatency: boolean };

/** One size on a chain of its own: seeding, the sync in Node, then the app in Chromium; figures go to `lines` as they come. */
async function benchSize(
  held: Held,
  browser: Browser,
  appDir: string,
  smoke: boolean,
  size: Size,
  lines: string[],
): Promise<void> {
  const chain = await openChain(held);
  const proxy = await openProxy(held, chain.url);
  const account = demoAddress(0);
  lines.push(`history at ${count(size.transfers)} transfers`);
  const seedStart = performance.now();
  await within(
    `seeding ${count(size.transfers)} transfers`,
    SEED_LIMIT_MS,
    seedTransferHistory(chain.url, { account, peer: demoAddress(3), transfers: size.transfers, perBlock: PER_BLOCK }),
  );
  lines.push(`  (seeded in ${duration(performance.now() - seedStart)})`);
  for (const latency of size.withLatency ? [0, LATENCY_MS] : [0]) {
    lines.push(...(await nodeSync(proxy, account, latency)));
  }
  proxy.setFault({ kind: 'none' });
  lines.push(
    ...(await benchHistoryInBrowser({
      browser,
      held,
      appDir,
      rpcUrl: proxy.url,
      proxy,
      smoke,
      syncBudgetMs: size.syncBudgetMs,
    })),
  );
}

/** The first sync and a resync of the account in Node, through the counting proxy with `latency` added. */
async function nodeSync(proxy: RpcFaultProxy, account: `0x${string}`, latency: number): Promise<string[]> {
  proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
  const network = { ...localNetwork(proxy.url), id: `bench-history-${latency}` };
  const store = memoryActivityStore();
  const deps = { client: chainClient(network), network, store };
  proxy.resetCounts();
  const start = performance.now();
  await within('the first sync in Node', SEED_LIMIT_MS, syncAccount(deps, account));
  const first = performance.now() - start;
  const firstRequests = proxy.requests;
  const firstCalls = Object.values(proxy.calls).reduce((a, b) => a + b, 0);
  const items = (await store.items(network.chainId, account)).length;
  proxy.resetCounts();
  const again = performance.now();
  await syncAccount(deps, account);
  const resync = performance.now() - again;
  return [
    `  in Node, ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`,
    `    first sync      ${duration(first)}, ${firstRequests} HTTP requests (${count(firstCalls)} JSON-RPC calls), ${count(items)} items stored`,
    `    resync, nothing new   ${proxy.requests} HTTP request(s), ${duration(resync)}   budget ${RESYNC_BUDGET}: ${verdict(proxy.requests <= RESYNC_BUDGET)}`,
  ];
}
