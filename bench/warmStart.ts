// `npm run bench -- warm-start`: Cairn opened again once its service worker holds the build (an
// installed app's usual start), online and with no network, beside the bare React page's cold
// start (fresh context, nothing cached). Budget: warm start ≤ 1.2× the bare page's cold start.
import { ALTERNATING_RUNS, type BenchRun, sized } from './benchRun.ts';
import { markedLoad, observeFirstScreen } from './firstScreenMark.ts';
import type { Held } from './held.ts';
import { openOnceAndInstall } from './installedWorker.ts';
import { openChromium, openSeededChain, openServer } from './stage.ts';
import { median } from './stats.ts';

const BUDGET_RATIO = 1.2;

export async function benchWarmStart(bench: BenchRun, held: Held): Promise<string> {
  const { appDir, baselineDir } = bench;
  const runs = sized(bench, ALTERNATING_RUNS, 1);
  const chain = await openSeededChain(held, bench, 'recent');
  const app = await openServer(held, { root: appDir, localRpcUrl: chain.url });
  const baseline = await openServer(held, { root: baselineDir });
  const browser = await openChromium(held);
  // One profile where Cairn was opened before: its worker stored the build.
  const installed = await browser.newContext({ serviceWorkers: 'allow' });
  await observeFirstScreen(installed);
  await openOnceAndInstall(installed, app.url);

  const warm: number[] = [];
  const offline: number[] = [];
  const cold: number[] = [];
  const once = async (into: number[], context = installed, url = app.url) => {
    const { page, at } = await markedLoad(context, url);
    into.push(at);
    await page.close();
  };
  for (let run = 0; run < runs; run++) {
    await once(warm);
    const fresh = await browser.newContext({ serviceWorkers: 'block' });
    await observeFirstScreen(fresh);
    await once(cold, fresh, baseline.url);
    await fresh.close();
  }
  await installed.setOffline(true);
  for (let run = 0; run < runs; run++) await once(offline);
  await installed.close();

  const ratio = median(warm) / median(cold);
  return `Warm start from the service worker (median of ${runs} runs, headless Chromium)
  Cairn, build held by its worker   ${median(warm).toFixed(1)} ms   (offline: ${median(offline).toFixed(1)} ms)
  bare React page, cold             ${median(cold).toFixed(1)} ms
  ratio                             ${ratio.toFixed(2)}×   budget ${BUDGET_RATIO}×: ${ratio <= BUDGET_RATIO ? 'within budget' : 'OVER BUDGET'}
  (all runs, ms)                    warm [${warm.map((t) => t.toFixed(0)).join(', ')}]
                                    cold [${cold.map((t) => t.toFixed(0)).join(', ')}]`;
}
