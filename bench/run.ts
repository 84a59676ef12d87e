// `npm run bench`: bundle size of the first screen and time to first screen in headless
// Chromium, beside a bare React page built by the same toolchain. Prints figures; never fails
// on timing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startChain } from '../devchain/chain.ts';
import { seedChain } from '../devchain/seed.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/ports.ts';
import { startStaticServer } from '../scripts/static-server.ts';
import { benchApprovalRoundTrip } from './approvalRoundTrip.ts';
import { benchApprovalsScan } from './approvalsScan.ts';
import { benchConnector } from './connector.ts';
import { benchDeviceCode } from './deviceCode.ts';
import { markedLoad, observeFirstScreen } from './firstScreenMark.ts';
import { benchHistory } from './history.ts';
import { benchHome } from './home.ts';
import { benchKeystore } from './keystore.ts';
import { benchLanguage } from './language.ts';
import { benchPortfolio } from './portfolio.ts';
import { benchQrTransfer } from './qrTransfer.ts';
import { benchSend } from './send.ts';
import { benchSharedSession } from './sharedSession.ts';
import { benchSignedStart } from './signedStart.ts';
import { benchSimulation } from './simulation.ts';
import { median } from './stats.ts';
import { benchVault } from './vault.ts';
import { benchWarmStart } from './warmStart.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'bench', '.out');
// 30 alternating runs: on a busy 2-core machine single loads vary by ±30 %, and 15 left the median
// ratio moving by ±0.1 between runs of the same build.
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BUDGET_FIRST_SCREEN_GZIP = 150 * 1024;
const SECTIONS = [
  'first-screen',
  'vault',
  'keystore',
  'session',
  'portfolio',
  'home',
  'send',
  'history',
  'simulation',
  'connector',
  'approval',
  'approvals-scan',
  'warm-start',
  'signed-start',
  'qr',
  'device-code',
  'language',
] as const;
/** Sections that load the built app; the others run in Node and need no build. */
const BROWSER_SECTIONS: readonly (typeof SECTIONS)[number][] = [
  'first-screen',
  'keystore',
  'session',
  'home',
  'send',
  'history',
  'warm-start',
  'signed-start',
  'device-code',
  'language',
];
// `npm run bench -- send portfolio` runs only those sections; `--reuse-build` keeps bench/.out.
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = chosen.filter((a) => !(SECTIONS as readonly string[]).includes(a));
if (unknown.length)
  throw new Error(`unknown bench section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
const runs = (section: (typeof SECTIONS)[number]) => chosen.length === 0 || chosen.includes(section);
const reuseBuild = process.argv.includes('--reuse-build');

function viteBuild(args: string[]) {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Measure = { times: number[]; scripts: Set<string>; fileCounts: number[] };

async function main() {
  const needsBuild = BROWSER_SECTIONS.some(runs);
  if (needsBuild && (!reuseBuild || !existsSync(join(out, 'app', 'index.html')))) {
    console.log('Building Cairn and the bare React baseline…');
    viteBuild(['--outDir', join(out, 'app'), '--emptyOutDir']);
    viteBuild([
      join(root, 'bench', 'baseline'),
      '--config',
      join(root, 'vite.config.ts'),
      '--outDir',
      join(out, 'baseline'),
      '--emptyOutDir',
    ]);
  }
  if (runs('first-screen')) console.log(`\n${await benchFirstScreen()}`);
  if (runs('vault')) console.log(`\n${await benchVault()}`);
  if (runs('keystore')) console.log(`\n${await benchKeystore(join(out, 'app'))}`);
  if (runs('session')) console.log(`\n${await benchSharedSession(join(out, 'app'))}`);
  if (runs('portfolio')) console.log(`\n${await benchPortfolio()}`);
  if (runs('home')) console.log(`\n${await benchHome(join(out, 'app'))}`);
  if (runs('send')) console.log(`\n${await benchSend(join(out, 'app'))}`);
  if (runs('history')) console.log(`\n${await benchHistory(join(out, 'app'))}`);
  if (runs('simulation')) console.log(`\n${await benchSimulation()}`);
  if (runs('approvals-scan')) console.log(`\n${await benchApprovalsScan()}`);
  if (runs('connector')) console.log(`\n${await benchConnector()}`);
  if (runs('approval')) console.log(`\n${await benchApprovalRoundTrip()}`);
  if (runs('qr')) console.log(`\n${await benchQrTransfer()}`);
  if (runs('device-code')) console.log(`\n${await benchDeviceCode(join(out, 'app'))}`);
  if (runs('language')) console.log(`\n${await benchLanguage(join(out, 'app'))}`);
  if (runs('warm-start')) console.log(`\n${await benchWarmStart(join(out, 'app'), join(out, 'baseline'), RUNS)}`);
  if (runs('signed-start')) console.log(`\n${await benchSignedStart(join(out, 'app'), RUNS)}`);
}

async function benchFirstScreen(): Promise<string> {
  const chain = await startChain({ port: await findFreePort(), genesisDate: new Date(Date.now() - 30 * 86_400_000) });
  await seedChain(chain.url);
  const app = await startStaticServer({ root: join(out, 'app'), port: await findFreePort(), localRpcUrl: chain.url });
  const baseline = await startStaticServer({ root: join(out, 'baseline'), port: await findFreePort() });
  const browser = await launchChromium();

  /** One load in a fresh context (nothing cached, no service worker). */
  async function measureOnce(url: string, into: Measure): Promise<void> {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await observeFirstScreen(context);
    const { page, at } = await markedLoad(context, url);
    const scripts = await page.evaluate((mark) => {
      // Only the code fetched before the first screen counts; later prefetches do not.
      const before = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= mark && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname);
      const entry = Array.from(document.querySelectorAll('script[src]')).map(
        (s) => new URL((s as HTMLScriptElement).src).pathname,
      );
      return [...new Set([...entry, ...before])];
    }, at);
    into.times.push(at);
    into.fileCounts.push(scripts.length);
    for (const script of scripts) into.scripts.add(script);
    await context.close();
  }

  try {
    // Warm up once each (JIT, disk cache of the OS), then alternate the measured runs so that
    // noise from other work on the machine falls on both alike.
    const warmUp: Measure = { times: [], scripts: new Set(), fileCounts: [] };
    await measureOnce(baseline.url, warmUp);
    await measureOnce(app.url, warmUp);
    const appResult: Measure = { times: [], scripts: new Set(), fileCounts: [] };
    const baseResult: Measure = { times: [], scripts: new Set(), fileCounts: [] };
    for (let run = 0; run < RUNS; run++) {
      await measureOnce(app.url, appResult);
      await measureOnce(baseline.url, baseResult);
    }

    const html = readFileSync(join(out, 'app', 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (!entry) throw new Error('entry chunk not found in index.html');
    const firstScreenFiles = [...appResult.scripts].map((p) => p.replace(/^\//, ''));
    const firstScreenGzip = firstScreenFiles.reduce((sum, file) => sum + gzipSize(join(out, 'app', file)), 0);
    const baselineGzip = [...baseResult.scripts].reduce(
      (sum, p) => sum + gzipSize(join(out, 'baseline', p.replace(/^\//, ''))),
      0,
    );
    const worker = readdirSync(join(out, 'app', 'assets')).find((f) => /^vault\.worker-.*\.js$/.test(f));
    const appMedian = median(appResult.times);
    const baseMedian = median(baseResult.times);
    const ratio = appMedian / baseMedian;

    return `Cairn first screen (median of ${RUNS} runs, headless Chromium, fresh context each run, alternating with the bare page)
  entry chunk (gzip)             ${kb(gzipSize(join(out, 'app', entry)))}   ${entry}
  JS loaded for first screen     ${kb(firstScreenGzip)} gzip   budget ${kb(BUDGET_FIRST_SCREEN_GZIP)}: ${
    firstScreenGzip <= BUDGET_FIRST_SCREEN_GZIP ? 'within budget' : 'OVER BUDGET'
  }
  JS files before first screen   ${median(appResult.fileCounts)} (median; ${firstScreenFiles.length} distinct over all runs: ${firstScreenFiles
    .map((f) => f.replace(/^assets\//, ''))
    .join(', ')})
  vault worker script            ${worker ? kb(gzipSize(join(out, 'app', 'assets', worker))) : '—'} gzip, in its own thread (not counted above)
  bare React page JS             ${kb(baselineGzip)} gzip in ${median(baseResult.fileCounts)} file(s)
  navigation → first screen      Cairn ${appMedian.toFixed(1)} ms   bare React ${baseMedian.toFixed(1)} ms   ratio ${ratio.toFixed(2)}×   budget 1.7×: ${
    ratio <= 1.7 ? 'within budget' : 'OVER BUDGET'
  }
  (all runs, ms)                 Cairn [${appResult.times.map((t) => t.toFixed(0)).join(', ')}]
                                 React [${baseResult.times.map((t) => t.toFixed(0)).join(', ')}]`;
  } finally {
    await browser.close();
    await app.close();
    await baseline.close();
    await chain.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
