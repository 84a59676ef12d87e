// History at scale: an account with 10,000 token transfers (half in, half out). Measures the first
// sync (HTTP requests and wall time, with no added latency and with 50 ms per request), a resync
// with nothing new (requests; budget 1–2), and the Activity list in Chromium: rows present in the
// page (budget < 100) and the time from opening the screen to the first rows. The peer is the
// demo wallet's second account, so in Chromium the app syncs both sides at once.
import type { Page } from 'playwright-core';
import { startChain } from '../devchain/chain.ts';
import { demoAddress } from '../devchain/seed.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { startStaticServer } from '../scripts/serve/static-server.ts';
import { memoryActivityStore } from '../src/core/activity/activityStore.ts';
import { syncAccount } from '../src/core/activity/sync.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { seedTransferHistory } from '../src/testing/transferHistory.ts';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 10_000);
/** `npm run bench -- --smoke`: enough to fill more than a screen of Activity. */
const SMOKE_TRANSFERS = 100;
const PER_BLOCK = 500;
const LATENCY_MS = 50;
const ROWS_BUDGET = 100;

export async function benchHistory(appDir: string, smoke = false): Promise<string> {
  const transfers = smoke ? SMOKE_TRANSFERS : TRANSFERS;
  const chain = await startChain({ port: await findFreePort() });
  const proxy = await startRpcFaultProxy(chain.url);
  const account = demoAddress(0);
  const lines = [`History: one account with ${transfers.toLocaleString('en-US')} token transfers (half in, half out)`];
  try {
    const seedStart = performance.now();
    await seedTransferHistory(chain.url, { account, peer: demoAddress(1), transfers, perBlock: PER_BLOCK });
    lines.push(`  (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);

    for (const latency of [0, LATENCY_MS]) {
      proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
      const network = { ...localNetwork(proxy.url), id: `bench-history-${latency}` };
      const store = memoryActivityStore();
      const deps = { client: chainClient(network), network, store };
      proxy.resetCounts();
      const start = performance.now();
      await syncAccount(deps, account);
      const first = performance.now() - start;
      const firstRequests = proxy.requests;
      const firstCalls = Object.values(proxy.calls).reduce((a, b) => a + b, 0);
      const items = (await store.items(network.chainId, account)).length;
      proxy.resetCounts();
      const again = performance.now();
      await syncAccount(deps, account);
      const resync = performance.now() - again;
      lines.push(
        `  ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`,
        `    first sync      ${first.toFixed(0)} ms, ${firstRequests} HTTP requests (${firstCalls} JSON-RPC calls), ${items.toLocaleString('en-US')} items stored`,
        `    resync, nothing new   ${proxy.requests} HTTP request(s), ${resync.toFixed(0)} ms   budget 1–2: ${proxy.requests <= 2 ? 'within budget' : 'OVER BUDGET'}`,
      );
    }
    proxy.setFault({ kind: 'none' });
    lines.push(await benchList(appDir, proxy.url, smoke));
  } finally {
    await proxy.close();
    await chain.stop();
  }
  return lines.join('\n');
}

/** Opens the demo wallet on that chain, waits for the history to sync, then times reopening Activity. */
async function benchList(appDir: string, rpcUrl: string, smoke: boolean): Promise<string> {
  const app = await startStaticServer({
    root: appDir,
    port: await findFreePort(),
    localRpcUrl: rpcUrl,
    devchain: true,
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(app.url);
    await new Onboarding(page).openDemoWallet();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const opened = Date.now();
    await nav.getByRole('link', { name: 'Activity' }).click();
    await page.getByText(/^Up to date at block/).waitFor({ timeout: smoke ? 60_000 : 300_000 });
    const upToDate = Date.now() - opened;
    const list = page.getByRole('list', { name: 'History' });
    await list.locator('li').first().waitFor({ timeout: 60_000 });
    const times: number[] = [];
    let rows = 0;
    let total = '';
    for (let run = 0; run < 5; run++) {
      await nav.getByRole('link', { name: 'Home' }).click();
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      const start = Date.now();
      await nav.getByRole('link', { name: 'Activity' }).click();
      await list.locator('li a').first().waitFor();
      times.push(Date.now() - start);
      rows = await list.locator('li').count();
      total = (await page.getByText(/^\d[\d,]* (of \d[\d,]* )?transactions$/).textContent()) ?? '';
    }
    times.sort((a, b) => a - b);
    const scroll = await scrollThrough(page);
    return [
      `  Activity list in Chromium (${total})`,
      `    first sync in the app (both demo accounts) → "Up to date"   ${(upToDate / 1000).toFixed(1)} s`,
      `    rows in the page   ${rows}   budget < ${ROWS_BUDGET}: ${rows < ROWS_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
      `    open → first rows  ${times[2]} ms (median of 5; [${times.join(', ')}])`,
      `    scrolling top → end in ${scroll.frames} frames: frame time median ${scroll.median.toFixed(1)} ms, worst ${scroll.worst.toFixed(1)} ms; rows in the page at the end ${scroll.rows}`,
    ].join('\n');
  } finally {
    await browser.close();
    await app.close();
  }
}

/**
 * Scrolls the history from top to bottom a screenful per frame, timing each frame. Passed as text so
 * the TypeScript runner's helpers (esbuild's `__name`) do not leak into the page.
 */
async function scrollThrough(page: Page): Promise<{ frames: number; median: number; worst: number; rows: number }> {
  return page.evaluate(`(async () => {
    const list = document.querySelector('ul[aria-label="History"]');
    const scroller = list && list.parentElement;
    if (!list || !scroller) throw new Error('History list not found');
    const durations = [];
    let last = await new Promise((resolve) => requestAnimationFrame(resolve));
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += scroller.clientHeight;
      const now = await new Promise((resolve) => requestAnimationFrame(resolve));
      durations.push(now - last);
      last = now;
    }
    durations.sort((a, b) => a - b);
    return {
      frames: durations.length,
      median: durations[Math.floor(durations.length / 2)] || 0,
      worst: durations[durations.length - 1] || 0,
      rows: list.querySelectorAll('li').length,
    };
  })()`);
}
