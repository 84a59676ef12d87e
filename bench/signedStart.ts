// `npm run bench -- signed-start`: an installed Cairn started with no network, its worker stopped
// before each start as when the app was closed. The signed worker reads its state, checks the
// publisher's signature of the kept manifest once per start (it keeps it in memory after) and
// hashes every file it serves against that manifest; the unsigned worker (the same build, its
// sw.js built without a key) does the same but for the signature: it checks the manifest's list
// once per start and hashes every file it serves (one serving path). Both copies of the build differ in
// sw.js and its manifest only. Budget: the signed start ≤ 1.1× the unsigned one.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { writeManifest } from '../e2e/support/builds.ts';
import { newSigningKeyPem, type SigningKeys, signingKeyFrom } from '../scripts/build/buildSigning.ts';
import { buildServiceWorker } from '../scripts/build/serviceWorkerBuild.ts';
import type { StaticServer } from '../scripts/serve/static-server.ts';
import { SERVICE_WORKER_FILE } from '../src/core/build/updateProtocol.ts';
import { ALTERNATING_RUNS, type BenchRun, sized } from './benchRun.ts';
import { markedLoad, observeFirstScreen } from './firstScreenMark.ts';
import type { Held } from './held.ts';
import { openOnceAndInstall } from './installedWorker.ts';
import { openChromium, openServer } from './stage.ts';
import { median } from './stats.ts';

const BUDGET_RATIO = 1.1;

/** A copy of the build in `from` whose sw.js carries `keys`' publisher key (none: unsigned), its manifest signed to match. */
async function copyFor(from: string, dir: string, keys: SigningKeys | undefined): Promise<void> {
  cpSync(from, dir, { recursive: true });
  writeFileSync(join(dir, SERVICE_WORKER_FILE), await buildServiceWorker(keys));
  writeManifest(dir, 'bench', keys ?? 'unsigned');
}

type Installed = { context: BrowserContext; control: Page; url: string; times: number[] };

/** A profile where Cairn at `server` was opened once: its worker stored the build and serves its pages. */
async function install(context: BrowserContext, server: StaticServer): Promise<Installed> {
  await observeFirstScreen(context);
  await openOnceAndInstall(context, server.url);
  // A page of the profile's own for the DevTools session that stops its workers between starts.
  const control = await context.newPage();
  return { context, control, url: server.url, times: [] };
}

/** One start with the worker stopped before it (as after the app was closed), offline. */
async function start(profile: Installed): Promise<void> {
  const devtools = await profile.context.newCDPSession(profile.control);
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.stopAllWorkers');
  await devtools.detach();
  const { page, at } = await markedLoad(profile.context, profile.url);
  profile.times.push(at);
  await page.close();
}

export async function benchSignedStart(bench: BenchRun, held: Held): Promise<string> {
  const { appDir } = bench;
  const runs = sized(bench, ALTERNATING_RUNS, 1);
  const work = await held.open(Promise.resolve(mkdtempSync(join(tmpdir(), 'cairn-bench-signed-'))), (dir) =>
    rmSync(dir, { recursive: true, force: true }),
  );
  const keys: SigningKeys = { publisher: await signingKeyFrom(newSigningKeyPem(), 'the bench key') };
  await copyFor(appDir, join(work, 'signed'), keys);
  await copyFor(appDir, join(work, 'unsigned'), undefined);
  const servers = [
    await openServer(held, { root: join(work, 'signed') }),
    await openServer(held, { root: join(work, 'unsigned') }),
  ] as const;
  const browser = await openChromium(held);
  const signed = await install(await browser.newContext({ serviceWorkers: 'allow' }), servers[0]);
  const unsigned = await install(await browser.newContext({ serviceWorkers: 'allow' }), servers[1]);
  for (const profile of [signed, unsigned]) await profile.context.setOffline(true);
  // One start each to warm up (JIT, the OS's disk cache), then alternating starts.
  if (!bench.smoke) {
    await start(signed);
    await start(unsigned);
  }
  signed.times.length = 0;
  unsigned.times.length = 0;
  for (let run = 0; run < runs; run++) {
    await start(signed);
    await start(unsigned);
  }
  const ratio = median(signed.times) / median(unsigned.times);
  const all = (times: number[]) => times.map((t) => t.toFixed(0)).join(', ');
  return `Offline start with signature checks (median of ${runs} starts each, worker stopped before each, alternating, headless Chromium)
  signed worker (signature once, every file hashed)   ${median(signed.times).toFixed(1)} ms
  unsigned worker (list once, every file hashed)      ${median(unsigned.times).toFixed(1)} ms
  ratio                                               ${ratio.toFixed(2)}×   budget ${BUDGET_RATIO}×: ${ratio <= BUDGET_RATIO ? 'within budget' : 'OVER BUDGET'}
  (all runs, ms)                                      signed   [${all(signed.times)}]
                                                      unsigned [${all(unsigned.times)}]`;
}
