// Cairn installed as an app: its service worker keeps the build it checked and serves it with no
// network (start, unlock, offline signing); a newer build is offered with its version and hash and
// installed only once accepted and locked, never while a site's window is open; a build whose
// files do not match its manifest is refused; the web app manifest makes it installable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { formatGwei, type Hex, parseGwei, recoverTransactionAddress, type TransactionSerializedEIP1559 } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { type StaticServer, startStaticServer } from '../scripts/serve/static-server.ts';
import type { BuildManifest } from '../src/core/build/buildManifest.ts';
import { type UpdateState, updateCaches } from '../src/core/build/updateProtocol.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { Sign } from './pages/Sign.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { copyBuild, newerBuild, tamperedBuild, testBuildOf } from './support/builds.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

describe('Cairn as an installed app', () => {
  let env: Environment;
  let work: string;
  let port: number;
  let server: StaticServer | undefined;
  let page: Page;
  let context: BrowserContext;
  let first: BuildManifest;

  /** Serves the build in `dir` at the one origin the tests use, as a host would after a deploy. */
  async function serve(dir: string): Promise<string> {
    await server?.close();
    server = await startStaticServer({ root: dir, port, localRpcUrl: env.chain.url, devchain: true });
    return server.url;
  }

  /** The build hash of the build this page runs (the service worker serves its own build's manifest). */
  const runningBuild = () =>
    page.evaluate(() =>
      fetch('build-manifest.json', { cache: 'no-store' }).then((r) => r.json().then((m) => m.sha256)),
    );

  /** The service worker's state, as it stores it. */
  const workerState = () => {
    const { state, stateEntry } = updateCaches(server?.url ?? '');
    return page.evaluate(
      async ([name, entry]) => ((await (await (await caches.open(name)).match(entry))?.json()) ?? {}) as UpdateState,
      [state, stateEntry] as const,
    );
  };
  /** The build the service worker serves (undefined until one is stored). */
  const storedBuild = async () => (await workerState()).current?.hash;
  /** Whether the page on screen came from the test build of `version`. */
  const pageFrom = async (version: string) => (await testBuildOf(page)) === version;

  /** The bar's text (or its status line's) now, '' while there is none: never waits, so polls keep polling. */
  const barText = async (part?: 'status') => {
    const bar = part ? updateBar().getByRole(part) : updateBar();
    return ((await bar.textContent({ timeout: 500 }).catch(() => '')) ?? '') as string;
  };

  const updateBar = () => page.getByRole('region', { name: 'Cairn update', exact: true });

  beforeAll(async () => {
    env = await startEnvironment();
    work = mkdtempSync(join(tmpdir(), 'cairn-sw-e2e-'));
    port = await findFreePort();
    first = copyBuild(join(work, 'first'));
    await serve(join(work, 'first'));
    ({ page, context } = await env.newPage({ serviceWorkers: true }));
  });
  // A test that fails while offline must not leave the later ones without a network.
  afterEach(async () => {
    await context?.setOffline(false);
  });
  afterAll(async () => {
    await env?.close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs its service worker, then starts, unlocks and signs with the network gone', async () => {
    await new AppShell(page).open(server?.url ?? '');
    await new Onboarding(page).openDemoWallet();
    // Every file of the build checked and stored (the worker's state names it), and this page served by the worker.
    await expect.poll(storedBuild, { timeout: 60_000 }).toBe(first.sha256);
    // The state is written while installing; the worker takes the page a moment later, when it activates.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);

    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await context.setOffline(true);
    await page.reload();
    // Chromium's emulation leaves a document loaded while offline with navigator.onLine true (a
    // device without a network reports false): switching it again tells the new page.
    await context.setOffline(false);
    await context.setOffline(true);
    await new Unlock(page).unlock();
    // The last balances read, kept from before, marked as such; what needs the node says it is offline.
    const main = page.getByRole('main');
    await expect
      .poll(async () => (await main.textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/Offline: showing balances from block \d+, /);
    expect(await page.getByRole('alert').filter({ hasText: 'This device has no network' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Network status' }).textContent()).toContain('Offline');
    const sign = new Sign(page);
    await sign.openTool('Offline transaction');
    await sign.fillOffline({
      nonce: '0',
      to: demoAddress(8),
      value: '0.25',
      gasLimit: '21000',
      maxFee: formatGwei(parseGwei('30')),
      priorityFee: formatGwei(parseGwei('1.5')),
    });
    const raw = (await sign.signOffline()) as Hex;
    expect(await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerializedEIP1559 })).toBe(
      demoAddress(0),
    );
    expect(await runningBuild()).toBe(first.sha256);
    // Nothing but Cairn's own origin and the node was asked for anything.
    const allowed = [new URL(server?.url ?? '').origin, new URL(env.chain.url).origin];
    expect([...origins].filter((origin) => !allowed.includes(origin))).toEqual([]);
    await context.setOffline(false);
  }, 120_000);

  it('offers a newer build with its version and hash, and installs it only once accepted and locked', async () => {
    const second = await newerBuild(join(work, 'second'), '0.2.0');
    await serve(join(work, 'second'));
    await page.reload();
    await expect.poll(barText, { timeout: 60_000 }).toContain(second.sha256);
    const offer = (await updateBar().textContent()) ?? '';
    expect(offer).toContain('A new version of Cairn is ready: version 0.2.0');
    expect(offer).toContain(`You run version ${first.version}`);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // Not accepted: a reload still runs the build the worker holds, pages included.
    await page.reload();
    expect(await runningBuild()).toBe(first.sha256);
    expect(await pageFrom('0.2.0')).toBe(false);
    // The offer comes back with the state the worker tells the new page.
    await expect.poll(barText, { timeout: 30_000 }).toContain(second.sha256);

    // Accepted while unlocked: it waits for the lock.
    await new Unlock(page).unlock();
    await updateBar().getByRole('button', { name: 'Update when locked' }).click();
    await expect
      .poll(() => barText('status'), { timeout: 30_000 })
      .toBe('Cairn will update when it locks: lock it when you are ready.');
    await page.waitForTimeout(1_000);
    expect(await workerState()).toMatchObject({ current: { hash: first.sha256 }, accepted: second.sha256 });
    expect(await runningBuild()).toBe(first.sha256);

    // Locking installs it: the page starts afresh on the new build, locked.
    await updateBar().getByRole('button', { name: 'Lock and update now' }).click();
    await expect.poll(() => pageFrom('0.2.0'), { timeout: 30_000 }).toBe(true);
    expect(await runningBuild()).toBe(second.sha256);
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    await expect.poll(async () => await updateBar().count(), { timeout: 30_000 }).toBe(0);
  }, 240_000);

  it('waits for a window a site opened to close before it updates', async () => {
    const third = await newerBuild(join(work, 'third'), '0.3.0');
    const url = await serve(join(work, 'third'));
    await page.reload();
    await expect.poll(barText, { timeout: 60_000 }).toContain(third.sha256);
    const siteWindow = await context.newPage();
    await siteWindow.goto(`${url}dapp.html`);
    await updateBar().getByRole('button', { name: 'Update now' }).click();
    await expect
      .poll(() => barText('status'), { timeout: 30_000 })
      .toBe('Cairn will update once the window a site opened is closed.');
    await page.waitForTimeout(1_000);
    expect(await runningBuild()).not.toBe(third.sha256);
    await siteWindow.close();
    await expect.poll(() => pageFrom('0.3.0'), { timeout: 30_000 }).toBe(true);
    expect(await runningBuild()).toBe(third.sha256);
  }, 120_000);

  it('refuses a new build whose files do not match its manifest, and keeps the one it runs', async () => {
    const before = await runningBuild();
    const { manifest, file } = await tamperedBuild(join(work, 'tampered'), '0.4.0');
    await serve(join(work, 'tampered'));
    await page.reload();
    const refusal = updateBar().getByRole('status');
    await expect
      .poll(async () => (await refusal.textContent({ timeout: 500 }).catch(() => '')) ?? '', { timeout: 60_000 })
      .toContain(`A new build of Cairn was refused: ${file} does not match its SHA-256 in build-manifest.json.`);
    expect(await refusal.textContent()).toContain(manifest.sha256);
    expect(await runningBuild()).toBe(before);
    expect(
      await updateBar()
        .getByRole('button', { name: /^Update/ })
        .count(),
    ).toBe(0);
    expect(await pageFrom('0.4.0')).toBe(false);
  }, 120_000);

  it('is installable: a valid web app manifest with its own icons, on a secure page', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestUrl = new URL(href ?? '', page.url()).href;
    const response = await page.request.get(manifestUrl);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Cairn wallet', short_name: 'Cairn', display: 'standalone' });
    expect(new URL(manifest.start_url, manifestUrl).href).toBe(server?.url);
    expect(new URL(manifest.scope, manifestUrl).href).toBe(server?.url);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i: { sizes: string; purpose: string }) => i.sizes === `${size}x${size}`);
      expect(icon).toMatchObject({ type: 'image/png' });
      const png = PNG.sync.read(await (await page.request.get(new URL(icon.src, manifestUrl).href)).body());
      expect([png.width, png.height]).toEqual([size, size]);
    }
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  });
});
