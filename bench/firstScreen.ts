// The first screen: the time from navigation to its first paint in headless Chromium (the heading
// marked for Element Timing: Cairn's pre-rendered shell), beside a bare React page built by the
// same toolchain; and the JavaScript (gzip) loaded until the app has rendered it live. Prints
// figures; never fails on timing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ALTERNATING_RUNS, type BenchRun, sized } from './benchRun.ts';
import { markedLoad, observeFirstScreen } from './firstScreenMark.ts';
import type { Held } from './held.ts';
import { openChromium, openSeededChain, openServer } from './stage.ts';
import { median } from './stats.ts';

const BUDGET_FIRST_SCREEN_GZIP = 150 * 1024;

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Measure = { times: number[]; live: number[]; scripts: Set<string>; fileCounts: number[] };

export async function benchFirstScreen(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, ALTERNATING_RUNS, 1);
  const chain = await openSeededChain(held, run, 'month');
  const app = await openServer(held, { root: run.appDir, localRpcUrl: chain.url });
  const baseline = await openServer(held, { root: run.baselineDir });
  const browser = await openChromium(held);

  /** One load in a fresh context (nothing cached, no service worker). */
  async function measureOnce(url: string, into: Measure): Promise<void> {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await observeFirstScreen(context);
    const { page, at } = await markedLoad(context, url);
    // When the app has rendered its first screen over the shell (the bare page: its one render).
    await page.waitForFunction(() => performance.getEntriesByName('cairn:first-screen').length > 0);
    const { scripts, live } = await page.evaluate(() => {
      const mark = performance.getEntriesByName('cairn:first-screen')[0]?.startTime ?? 0;
      // Only the code fetched before the first screen is live counts; later prefetches do not.
      const before = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= mark && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname);
      const entry = Array.from(document.querySelectorAll('script[src]')).map(
        (s) => new URL((s as HTMLScriptElement).src).pathname,
      );
      return { scripts: [...new Set([...entry, ...before])], live: mark };
    });
    into.times.push(at);
    into.live.push(live);
    into.fileCounts.push(scripts.length);
    for (const script of scripts) into.scripts.add(script);
    await context.close();
  }

  // Warm up once each (JIT, disk cache of the OS), then alternate the measured runs so that
  // noise from other work on the machine falls on both alike.
  const warmUp: Measure = { times: [], live: [], scripts: new Set(), fileCounts: [] };
  if (!run.smoke) {
    await measureOnce(baseline.url, warmUp);
    await measureOnce(app.url, warmUp);
  }
  const appResult: Measure = { times: [], live: [], scripts: new Set(), fileCounts: [] };
  const baseResult: Measure = { times: [], live: [], scripts: new Set(), fileCounts: [] };
  for (let i = 0; i < RUNS; i++) {
    await measureOnce(app.url, appResult);
    await measureOnce(baseline.url, baseResult);
  }

  const html = readFileSync(join(run.appDir, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('entry chunk not found in index.html');
  const firstScreenFiles = [...appResult.scripts].map((p) => p.replace(/^\//, ''));
  const firstScreenGzip = firstScreenFiles.reduce((sum, file) => sum + gzipSize(join(run.appDir, file)), 0);
  const baselineGzip = [...baseResult.scripts].reduce(
    (sum, p) => sum + gzipSize(join(run.baselineDir, p.replace(/^\//, ''))),
    0,
  );
  const worker = readdirSync(join(run.appDir, 'assets')).find((f) => /^vault\.worker-.*\.js$/.test(f));
  const appMedian = median(appResult.times);
  const baseMedian = median(baseResult.times);
  const ratio = appMedian / baseMedian;

  return `Cairn first screen (median of ${RUNS} runs, headless Chromium, fresh context each run, alternating with the bare page)
  entry chunk (gzip)             ${kb(gzipSize(join(run.appDir, entry)))}   ${entry}
  JS loaded until it is live     ${kb(firstScreenGzip)} gzip   budget ${kb(BUDGET_FIRST_SCREEN_GZIP)}: ${
    firstScreenGzip <= BUDGET_FIRST_SCREEN_GZIP ? 'within budget' : 'OVER BUDGET'
  }
  JS files until it is live      ${median(appResult.fileCounts)} (median; ${firstScreenFiles.length} distinct over all runs: ${firstScreenFiles
    .map((f) => f.replace(/^assets\//, ''))
    .join(', ')})
  vault worker script            ${worker ? kb(gzipSize(join(run.appDir, 'assets', worker))) : '—'} gzip, in its own thread (not counted above)
  bare React page JS             ${kb(baselineGzip)} gzip in ${median(baseResult.fileCounts)} file(s)
  navigation → first screen      Cairn ${appMedian.toFixed(1)} ms   bare React ${baseMedian.toFixed(1)} ms   ratio ${ratio.toFixed(2)}×   budget 1.3×: ${
    ratio <= 1.3 ? 'within budget' : 'OVER BUDGET'
  }
  (the paint of the first screen's heading: Cairn's pre-rendered shell, then its app renders over it)
  navigation → app rendered      Cairn ${median(appResult.live).toFixed(1)} ms   bare React ${median(baseResult.live).toFixed(1)} ms (the render marks: the app live)
  (all runs, ms)                 Cairn [${appResult.times.map((t) => t.toFixed(0)).join(', ')}]
                                 React [${baseResult.times.map((t) => t.toFixed(0)).join(', ')}]`;
}
