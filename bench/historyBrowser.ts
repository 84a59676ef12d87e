// The Activity screen of `npm run bench -- history` in Chromium: the first sync from the wallet
// opened to "Up to date at block", then reopening Activity and scrolling the list.
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import type { Held } from './held.ts';
import { openServer } from './stage.ts';
import { duration, within } from './wait.ts';

const ROWS_BUDGET = 100;
const OPEN_BUDGET_MS = 200;
const OPEN_RUNS = 5;
const SYNC_LIMIT_MS = 10 * 60_000;
/** A screen per frame through 100,000 entries would take minutes: this many, then a jump to the end. */
const SCROLL_FRAMES = 600;

const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

export async function benchHistoryInBrowser(args: {
  browser: Browser;
  held: Held;
  appDir: string;
  rpcUrl: string;
  proxy: RpcFaultProxy;
  smoke: boolean;
  syncBudgetMs: number;
}): Promise<string[]> {
  const { browser, held, proxy } = args;
  const app = await openServer(held, { root: args.appDir, localRpcUrl: args.rpcUrl, devchain: true });
  const context = await held.open(browser.newContext({ viewport: { width: 1280, height: 900 } }), (c) => c.close());
  const page = await context.newPage();
  await page.goto(app.url);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await new Onboarding(page).openDemoWallet();
  // The wallet is open: its history sync has started. Activity shows how far it is.
  const opened = performance.now();
  proxy.resetCounts();
  // BENCH_HISTORY_PROFILE=<file>: a Chromium CPU profile of the first sync, to see where it goes
  // (idle while IndexedDB commits, parsing, building entries…).
  const syncProfile = await cpuProfile(context, page, process.env.BENCH_HISTORY_PROFILE, 500);
  await nav.getByRole('link', { name: 'Activity' }).click();
  const progress = await sawProgress(page);
  await within(
    '"Up to date at block" on Activity (the first sync in the app)',
    SYNC_LIMIT_MS,
    page.getByText(/^Up to date at block/).waitFor({ timeout: SYNC_LIMIT_MS }),
  );
  const synced = performance.now() - opened;
  await syncProfile();
  const syncRequests = proxy.requests;
  // Where the time went: the JSON-RPC calls by method, and the node's own time summed over requests.
  const syncCalls = Object.entries(proxy.calls)
    .map(([method, n]) => `${method} ${n}`)
    .join(', ');
  const syncUpstreamMs = proxy.upstreamMs;
  const list = page.getByRole('list', { name: 'History' });
  await list.locator('li').first().waitFor({ timeout: 60_000 });
  const times: number[] = [];
  let rows = 0;
  let total = '';
  for (let run = 0; run < OPEN_RUNS; run++) {
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    const start = performance.now();
    await nav.getByRole('link', { name: 'Activity' }).click();
    await list.locator('li a').first().waitFor();
    times.push(performance.now() - start);
    rows = await list.locator('li').count();
    total = (await page.getByText(/^\d[\d,]* (of \d[\d,]* )?transactions$/).textContent()) ?? '';
  }
  times.sort((a, b) => a - b);
  const open = times[Math.floor(times.length / 2)] ?? 0;
  // BENCH_SCROLL_PROFILE=<file>: a Chromium CPU profile of the scrolling.
  const scrollProfile = await cpuProfile(context, page, process.env.BENCH_SCROLL_PROFILE, 200);
  const scroll = await scrollThrough(page);
  await scrollProfile();
  await context.close();
  return [
    `  in Chromium (${total}; the demo wallet's three accounts sync, the first holds the history)`,
    `    first sync, wallet open → "Up to date"   ${duration(synced)} (${syncRequests} HTTP requests; progress shown: ${progress ? 'yes' : 'no'})   budget ${duration(args.syncBudgetMs)}: ${verdict(synced <= args.syncBudgetMs)}`,
    `      calls: ${syncCalls}; node busy ${duration(syncUpstreamMs)} summed over requests`,
    `    Activity open → first rows   ${duration(open)} (median of ${OPEN_RUNS}; [${times.map((t) => t.toFixed(0)).join(', ')}])   budget ${OPEN_BUDGET_MS} ms: ${verdict(open <= OPEN_BUDGET_MS)}`,
    `    rows in the page   ${rows}   budget < ${ROWS_BUDGET}: ${verdict(rows < ROWS_BUDGET)}`,
    `    scrolling a screen per frame (at most ${SCROLL_FRAMES}, then a jump to the end) in ${scroll.frames} frames: frame time median ${scroll.median.toFixed(1)} ms, worst ${scroll.worst.toFixed(1)} ms; rows in the page at the end ${scroll.rows}`,
  ];
}

/**
 * Starts a Chromium CPU profile of `page` when `file` is named (sampling every `intervalUs`);
 * the function returned stops it and writes it there. Without a file both do nothing.
 */
async function cpuProfile(context: BrowserContext, page: Page, file: string | undefined, intervalUs: number) {
  if (!file) return async () => {};
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}

/** Whether the status line shows a percentage before the sync ends (a short sync may end first). */
async function sawProgress(page: Page): Promise<boolean> {
  const status = page.getByRole('status').filter({ hasText: /\d\s?%|Up to date at block/ });
  await status.first().waitFor({ timeout: 60_000 });
  return /\d\s?%/.test((await status.first().textContent()) ?? '');
}

/**
 * Scrolls the history a screenful per frame (at most SCROLL_FRAMES), then to its end, timing each
 * frame. Passed as text so the TypeScript runner's helpers (esbuild's `__name`) do not leak into the page.
 */
async function scrollThrough(page: Page): Promise<{ frames: number; median: number; worst: number; rows: number }> {
  return page.evaluate(`(async () => {
    const list = document.querySelector('ul[aria-label="History"]');
    const scroller = list && list.parentElement;
    if (!list || !scroller) throw new Error('History list not found');
    const durations = [];
    let last = await new Promise((resolve) => requestAnimationFrame(resolve));
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      if (durations.length < ${SCROLL_FRAMES}) scroller.scrollTop += scroller.clientHeight;
      else scroller.scrollTop = scroller.scrollHeight;
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
