// What an open, idle Cairn costs the person's node: JSON-RPC calls and HTTP requests per new block
// on Home and on Activity, with 3 and with 30 accounts, and requests per minute with no new
// block, with the head's newHeads subscription live and with polling alone (the proxy refusing
// WebSocket). A seeded local chain behind a counting proxy that passes WebSocket upgrades and
// counts their messages apart; a block mined every BLOCK_MS. Then the same after the person sets
// the local chain's RPC URL to another proxy (idleRpcChange.ts). Figures only.
import type { Page } from 'playwright-core';
import { Activity } from '../e2e/pages/Activity.ts';
import { AppShell } from '../e2e/pages/AppShell.ts';
import { Home } from '../e2e/pages/Home.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { nodeClient } from '../e2e/support/rpc.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { measure, mineEvery, perBlock, sum } from './blockCounts.ts';
import type { Held } from './held.ts';
import { afterRpcChange } from './idleRpcChange.ts';
import { startBenchStage } from './stage.ts';

const BLOCK_MS = 5_000;
/** A smoke run only checks that the section runs: blocks come ten times as fast. */
const SMOKE_BLOCK_MS = 500;
/** At most one request per half block time. */
const QUIET_BUDGET_PER_MINUTE = 60_000 / (BLOCK_MS / 2);

async function addAccounts(page: Page, total: number): Promise<void> {
  await new AppShell(page).accountMenuLink('Manage accounts');
  const add = page.getByRole('button', { name: 'Add next account' });
  const names = page.getByRole('list', { name: 'Accounts' }).getByRole('heading');
  await names.first().waitFor();
  for (let shown = await names.count(); shown < total; shown++) {
    await add.click();
    await names.nth(shown).waitFor();
  }
}

/** HTTP requests a minute with no new block (and the WebSocket messages and attempts beside them). */
async function quietMinute(label: string, proxy: RpcFaultProxy, page: Page, quietMs: number): Promise<string> {
  proxy.resetCounts();
  await page.waitForTimeout(quietMs);
  const perMinute = (count: number) => (count * 60_000) / quietMs;
  const requests = perMinute(proxy.requests);
  const { calls, answers, opened } = proxy.sockets;
  const messages = perMinute(sum(calls) + answers);
  return `  ${label.padEnd(42)} ${requests.toFixed(1)} HTTP requests a minute (WebSocket: ${messages.toFixed(1)} messages, ${perMinute(opened).toFixed(1)} connection attempts a minute)   budget ≤ ${QUIET_BUDGET_PER_MINUTE} requests: ${requests <= QUIET_BUDGET_PER_MINUTE ? 'within budget' : 'OVER BUDGET'}`;
}

/** Lets the first reads end before counting (a smoke run only checks that the section runs). */
const settled = (run: BenchRun, page: Page) => page.waitForTimeout(sized(run, BLOCK_MS * 2, 500));

export async function benchIdle(run: BenchRun, held: Held): Promise<string> {
  const blocks = sized(run, 12, 1);
  const blockMs = sized(run, BLOCK_MS, SMOKE_BLOCK_MS);
  const lines = [
    `Idle: calls to the node per new block (a block every ${blockMs / 1000} s, ${blocks} blocks each, Chromium)`,
  ];
  for (const accounts of sized(run, [3, 30], [3])) {
    const { chain, proxy, app, browser } = await startBenchStage(run, held);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(app.url);
    await new Onboarding(page).openDemoWallet();
    if (accounts > 3) await addAccounts(page, accounts);
    // Every account's first sync ends before counting: the count is what following them costs.
    const activity = new Activity(page);
    await activity.open();
    await activity.waitSyncedTo(await nodeClient(chain.url).getBlockNumber(), 180_000);
    // A few blocks at the bench's pace first: Cairn learns it from them.
    await mineEvery(chain.url, sized(run, 5, 0), blockMs);
    await settled(run, page);
    lines.push(perBlock(`Activity, ${accounts} accounts`, await measure(proxy, chain.url, blocks, blockMs)));
    await new AppShell(page).goTo('Home');
    await new Home(page).chartDrawn();
    await settled(run, page);
    lines.push(perBlock(`Home, ${accounts} accounts`, await measure(proxy, chain.url, blocks, blockMs)));
    const quietMs = sized(run, 30_000, 1_000);
    lines.push(await quietMinute(`no new block, newHeads live, ${accounts} accounts`, proxy, page, quietMs));
    // The same with the socket refused: the head is polled, as on a node without WebSocket.
    proxy.allowSockets(false);
    await settled(run, page);
    lines.push(await quietMinute(`no new block, polling, ${accounts} accounts`, proxy, page, quietMs));
    lines.push(perBlock(`Home, polling, ${accounts}`, await measure(proxy, chain.url, blocks, blockMs)));
    proxy.allowSockets(true);
    // The person sets the local chain's RPC URL to another node (a second proxy): no socket then.
    lines.push(...(await afterRpcChange(run, held, page, { url: chain.url, oldProxy: proxy }, blockMs, accounts)));
    await context.close();
  }
  return lines.join('\n');
}
