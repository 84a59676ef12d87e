// Home after unlock → value chart drawn for the seeded month, in headless Chromium against a
// seeded local chain behind a counting proxy: time and HTTP requests to the node. Figures only.
import { AppShell } from '../e2e/pages/AppShell.ts';
import { Home } from '../e2e/pages/Home.ts';
import { Onboarding, Unlock } from '../e2e/pages/Onboarding.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { startBenchStage } from './stage.ts';

const REQUESTS_BUDGET = 3;

export async function benchHome(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, 5, 1);
  const { proxy, app, browser } = await startBenchStage(run, held);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(app.url);
  proxy.resetCounts();
  let start = Date.now();
  await new Onboarding(page).openDemoWallet();
  const home = new Home(page);
  await home.chartDrawn();
  const first = { ms: Date.now() - start, requests: proxy.requests };

  // Drawn again after unlocking, history already synced and past rounds kept.
  const times: number[] = [];
  const requests: number[] = [];
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (let i = 0; i < RUNS; i++) {
    await new AppShell(page).lock();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.waitForTimeout(300);
    proxy.resetCounts();
    start = Date.now();
    await new Unlock(page).unlock();
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await home.chartDrawn();
    times.push(Date.now() - start);
    requests.push(proxy.requests);
  }
  const sortedTimes = [...times].sort((a, b) => a - b);
  const worstRequests = Math.max(...requests);
  return [
    'Home: unlock → value chart of the seeded month drawn (3 demo accounts, 4 price feeds, Chromium)',
    `  first time (history synced, rounds read)  ${first.ms} ms, ${first.requests} HTTP requests to the node`,
    `  after unlock, history synced, rounds kept ${sortedTimes[Math.floor(RUNS / 2)]} ms median of ${RUNS} [${times.join(', ')}]`,
    `    HTTP requests to the node: [${requests.join(', ')}]   budget ≤ ${REQUESTS_BUDGET}: ${worstRequests <= REQUESTS_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
  ].join('\n');
}
