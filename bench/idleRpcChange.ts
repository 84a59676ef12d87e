// The idle section's figures after the person changes the local chain's RPC URL, to a second
// counting proxy in front of the same node, while blocks keep coming: what the change itself asks
// the new URL (the form's check, the data read again for the new node's keys), then the calls and
// requests per new block over the first 30 s from the first block after it, and once settled,
// against the section's budget; and what the old URL still saw meanwhile.
import type { Page } from 'playwright-core';
import { AppShell } from '../e2e/pages/AppShell.ts';
import { Home } from '../e2e/pages/Home.ts';
import { Settings } from '../e2e/pages/Settings.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { countBlocks, perBlock, steadyMiner, sum } from './blockCounts.ts';
import type { Held } from './held.ts';
import { openProxy } from './stage.ts';

/** The span after a change the budget is judged over first. */
const FIRST_MS = 30_000;

/**
 * On `page` (the local chain followed through `oldProxy`): sets the local chain's RPC URL to a new
 * counting proxy in Settings, goes back Home, and counts.
 */
export async function afterRpcChange(
  run: BenchRun,
  held: Held,
  page: Page,
  chain: { url: string; oldProxy: RpcFaultProxy },
  blockMs: number,
  accounts: number,
): Promise<string[]> {
  const proxy = await openProxy(held, chain.url);
  const mining = await held.open(Promise.resolve(steadyMiner(chain.url, blockMs)), (miner) => miner.stop());
  await mining.next();
  const changing = Date.now();
  await new Settings(page).setRpcUrls('Local chain', [proxy.url]);
  chain.oldProxy.resetCounts();
  await new AppShell(page).goTo('Home');
  await new Home(page).chartDrawn();
  // Up to the first block after Home is shown again: once per change, not per block.
  await mining.next();
  const atChange = { calls: sum(proxy.calls), requests: proxy.requests, seconds: (Date.now() - changing) / 1000 };
  const firstBlocks = Math.max(1, Math.round(sized(run, FIRST_MS, 2_000) / blockMs));
  const first = await countBlocks(proxy, mining, firstBlocks, blockMs);
  const oldSaw = { calls: sum(chain.oldProxy.calls), requests: chain.oldProxy.requests };
  const settled = await countBlocks(proxy, mining, sized(run, 12, 1), blockMs);
  await mining.stop();
  return [
    `  RPC URL changed, ${accounts} accounts: from Save to the first block after Home is shown (${atChange.seconds.toFixed(0)} s), ${atChange.calls} calls in ${atChange.requests} HTTP requests (the new node checked, data read again under its keys)`,
    perBlock(`first ${(firstBlocks * blockMs) / 1000} s after it`, first),
    perBlock('settled after it', settled),
    `    the old URL from Save to the end of the first ${(firstBlocks * blockMs) / 1000} s: ${oldSaw.calls} calls in ${oldSaw.requests} HTTP requests`,
  ];
}
