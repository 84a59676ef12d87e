// `npm run bench -- extension`: Cairn's companion extension on the sample dApp served without
// connect.js (a dApp that has never heard of Cairn), in headless Chromium:
// - when the page sees Cairn's EIP-6963 announcement, against its DOMContentLoaded (budget: before
//   it, in every run);
// - the size of the script it injects into every page (inpage.js, gzip level 9; budget 8 KB),
//   beside connect.js's;
// - page load with the extension against without it (budget ≤ 1.05×): two persistent profiles
//   launched alike, one with the extension, loads alternating between them, medians.
// Prints figures; never fails on timing.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { CONNECTOR_BUDGET_GZIP, CONNECTOR_SCRIPT } from '../scripts/build/connectorBuild.ts';
import { INPAGE_BUDGET_GZIP } from '../scripts/build/extensionBuild.ts';
import { buildSampleDapp, startSampleDappServer } from '../scripts/serve/example-server.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { CAIRN_RDNS } from '../src/core/identity.ts';
import { INPAGE_FILE } from '../src/extension/flags.ts';
import { ALTERNATING_RUNS, type BenchRun, sized } from './benchRun.ts';
import { openProfile } from './extensionProfile.ts';
import type { Held } from './held.ts';
import { openServer } from './stage.ts';
import { median } from './stats.ts';
import { PAGE_WAIT_MS, within } from './wait.ts';

const BUDGET_LOAD_RATIO = 1.05;
/** Loads per profile: a few milliseconds of a page of about a hundred vary by more than 5 % alone. */
const LOAD_RUNS = 3 * ALTERNATING_RUNS;

/**
 * Before any script of the page: records when the page first sees Cairn's announcement (the time
 * from navigation start), listening, and asking once in case the extension's script already ran;
 * and when it ran itself (at the document's start: in Chromium before the extension's scripts).
 * A string: no bundler helpers in the page.
 */
const ANNOUNCE_PROBE = `(() => {
  if (window !== window.top) return;
  globalThis.__benchDocumentStart = performance.now();
  const seen = (event) => {
    if (event.detail?.info?.rdns !== ${JSON.stringify(CAIRN_RDNS)} || globalThis.__benchCairnAnnounced !== undefined) return;
    globalThis.__benchCairnAnnounced = performance.now();
  };
  window.addEventListener('eip6963:announceProvider', seen);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
})();`;

/** The page's timings once its load event ended (loadEventEnd is set after its handlers return). */
const NAVIGATION_TIMING = `(async () => {
  const entry = () => performance.getEntriesByType('navigation')[0];
  while (entry().loadEventEnd === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const announced = globalThis.__benchCairnAnnounced;
  const started = globalThis.__benchDocumentStart;
  return {
    announced: typeof announced === 'number' ? announced : undefined,
    started,
    dcl: entry().domContentLoadedEventStart,
    load: entry().loadEventEnd,
  };
})()`;

type Load = { announced: number | undefined; started: number; dcl: number; load: number };

/** One load of `url` in a new page of `context`, timed by the page's navigation entry. */
async function timedLoad(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  try {
    await within(`the load event of ${url}`, PAGE_WAIT_MS, page.goto(url, { waitUntil: 'load' }));
    return await within(`the navigation timing of ${url}`, PAGE_WAIT_MS, () => page.evaluate<Load>(NAVIGATION_TIMING));
  } finally {
    await page.close();
  }
}

const gzip9 = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const bytes = (n: number) => `${n.toLocaleString('en')} B (${(n / 1024).toFixed(2)} KB)`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'within budget' : 'OVER BUDGET');
const list = (values: readonly number[]) => `[${values.map((v) => v.toFixed(0)).join(', ')}]`;

export async function benchExtension(run: BenchRun, held: Held): Promise<string> {
  const runs = sized(run, LOAD_RUNS, 1);
  const extensionDir = join(run.appDir, 'extension');
  const inpageGzip = gzip9(join(extensionDir, INPAGE_FILE));
  const connectGzip = gzip9(join(run.appDir, CONNECTOR_SCRIPT));

  const dappDir = await held.open(mkdtemp(join(tmpdir(), 'cairn-bench-dapp-')), (path) =>
    rm(path, { recursive: true, force: true }),
  );
  await within('the sample dApp to build', 60_000, buildSampleDapp(dappDir));
  // Cairn itself is served for the extension to name (nothing here opens it: the extension only announces).
  const cairn = await openServer(held, { root: run.appDir });
  const dapp = await held.open(
    startSampleDappServer({ root: dappDir, port: await findFreePort(), walletUrl: cairn.url, connector: false }),
    (server) => server.close(),
  );
  const withExtension = await openProfile(held, { extensionDir, walletUrl: cairn.url });
  const without = await openProfile(held, { walletUrl: cairn.url });
  for (const context of [withExtension, without]) await context.addInitScript(ANNOUNCE_PROBE);

  // Warm up each profile (its renderer, the page's files in its cache), then alternate, each pair
  // in the other order, so that noise from other work on the machine falls on both alike.
  if (!run.smoke)
    for (let i = 0; i < 3; i++) for (const context of [withExtension, without]) await timedLoad(context, dapp.url);
  const on: Load[] = [];
  const off: Load[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      on.push(await timedLoad(withExtension, dapp.url));
      off.push(await timedLoad(without, dapp.url));
    } else {
      off.push(await timedLoad(without, dapp.url));
      on.push(await timedLoad(withExtension, dapp.url));
    }
  }

  if (off.some((l) => l.announced !== undefined))
    throw new Error(
      `Cairn was announced on ${dapp.url} without the extension: the page is not served without connect.js.`,
    );
  const announced = on.flatMap((l) => (l.announced === undefined ? [] : [l.announced]));
  if (announced.length === 0)
    throw new Error(`The extension (${extensionDir}) announced Cairn in none of ${runs} load(s) of ${dapp.url}.`);
  const beforeDcl = on.filter((l) => l.announced !== undefined && l.announced < l.dcl).length;
  const margins = on.flatMap((l) => (l.announced === undefined ? [] : [l.dcl - l.announced]));
  const inScripts = on.flatMap((l) => (l.announced === undefined ? [] : [l.announced - l.started]));
  const loadRatio = median(on.map((l) => l.load)) / median(off.map((l) => l.load));
  const dclRatio = median(on.map((l) => l.dcl)) / median(off.map((l) => l.dcl));

  return `Companion extension on the sample dApp without connect.js (median of ${runs} loads per profile, headless Chromium, persistent profiles with and without the extension, alternating)
  navigation → Cairn announced   ${ms(median(announced))}   DOMContentLoaded ${ms(median(on.map((l) => l.dcl)))}   DCL − announce ${ms(median(margins))} (min ${ms(Math.min(...margins))})
  announced before DCL           ${beforeDcl} of ${runs} loads   budget every load: ${verdict(beforeDcl === runs)}
  probe → announced              ${ms(median(inScripts))}   (from the test harness's first script, which runs before the renderer reaches the extension's)
  ${`${INPAGE_FILE} (injected)`.padEnd(31)}${bytes(inpageGzip)} gzip-9   budget ${bytes(INPAGE_BUDGET_GZIP)}: ${verdict(inpageGzip <= INPAGE_BUDGET_GZIP)}
  ${`${CONNECTOR_SCRIPT} (for comparison)`.padEnd(31)}${bytes(connectGzip)} gzip-9   (its own budget ${bytes(CONNECTOR_BUDGET_GZIP)})
  load (loadEventEnd)            with ${ms(median(on.map((l) => l.load)))}   without ${ms(median(off.map((l) => l.load)))}   ratio ${loadRatio.toFixed(3)}×   budget ${BUDGET_LOAD_RATIO}×: ${verdict(loadRatio <= BUDGET_LOAD_RATIO)}
  DOMContentLoaded               with ${ms(median(on.map((l) => l.dcl)))}   without ${ms(median(off.map((l) => l.dcl)))}   ratio ${dclRatio.toFixed(3)}×
  (all runs, load, ms)           with    ${list(on.map((l) => l.load))}
                                 without ${list(off.map((l) => l.load))}`;
}
