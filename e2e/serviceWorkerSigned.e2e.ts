// Cairn's service worker serves only builds its publisher key signed. Two ways in were
// reproduced against the worker before it checked signatures: a script that ran once at Cairn's
// origin wrote a page (and the worker's state) into the Cache API, which pages share with the
// worker, and that page was served from then on; and a server hostile once served its own build
// and worker, which stayed after the server was repaired. Here neither survives: a planted entry
// is never served, after a reload, in a new window or once the worker restarted; a build another
// key signed, or none, is refused as an update; and once the browser fetches the honest sw.js
// again, it drops what the hostile one kept.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../scripts/ports.ts';
import { type StaticServer, startStaticServer } from '../scripts/static-server.ts';
import { type BuildManifest, manifestListing } from '../src/core/build/buildManifest.ts';
import { groupedFingerprint } from '../src/core/build/buildSignature.ts';
import { type UpdateState, updateCaches } from '../src/core/build/updateProtocol.ts';
import { Onboarding } from './pages/Onboarding.ts';
import {
  copyBuild,
  hostileBuild,
  newerBuild,
  strangerKeys,
  TEST_BUILD_META,
  testPublisherKeys,
} from './support/builds.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PLANTED_PAGE = '<!doctype html><title>planted</title><h1>Planted by a script</h1>';

describe('a service worker that serves only signed builds', () => {
  let env: Environment;
  let work: string;
  let port: number;
  let server: StaticServer | undefined;
  let honest: BuildManifest;
  let fingerprint: string;

  /** Serves the build in `dir` at the one origin the tests use, as a host would after a deploy. */
  async function serve(dir: string): Promise<string> {
    await server?.close();
    server = await startStaticServer({ root: dir, port, localRpcUrl: env.chain.url, devchain: true });
    return server.url;
  }
  const url = () => server?.url ?? '';

  /** The service worker's state as stored, read from the page. */
  const workerState = (page: Page) => {
    const { state, stateEntry } = updateCaches(url());
    return page.evaluate(
      async ([name, entry]) => ((await (await (await caches.open(name)).match(entry))?.json()) ?? {}) as UpdateState,
      [state, stateEntry] as const,
    );
  };
  /** Opens Cairn in a new profile and waits until its worker holds the build and serves the page. */
  async function installedIn(): Promise<{ page: Page; context: BrowserContext }> {
    const { page, context } = await env.newPage({ serviceWorkers: true });
    await page.goto(url());
    await expect.poll(async () => (await workerState(page)).current?.hash, { timeout: 60_000 }).toBeDefined();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    return { page, context };
  }
  /** The tag of the test build a page came from ('' for the build as made, undefined for a page that is not Cairn's). */
  const pageFrom = async (page: Page) => {
    if ((await page.locator('meta[name="cairn-local-rpc-url"]').count()) === 0) return undefined;
    return (
      (await page
        .locator(`meta[name="${TEST_BUILD_META}"]`)
        .getAttribute('content', { timeout: 500 })
        .catch(() => null)) ?? ''
    );
  };
  const planted = async (page: Page) => (await page.title()) === 'planted';
  const barText = async (page: Page) =>
    (await page
      .getByRole('region', { name: 'Cairn update', exact: true })
      .textContent({ timeout: 500 })
      .catch(() => '')) ?? '';

  beforeAll(async () => {
    env = await startEnvironment();
    work = mkdtempSync(join(tmpdir(), 'cairn-signed-sw-e2e-'));
    port = await findFreePort();
    honest = copyBuild(join(work, 'honest'));
    fingerprint = (await testPublisherKeys()).publisher.publicKey.fingerprint;
    await serve(join(work, 'honest'));
  });
  afterAll(async () => {
    await env?.close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('never serves what a page script planted in the cache: not after a reload, in a new window, or once the worker restarted', async () => {
    await serve(join(work, 'honest'));
    const { page, context } = await installedIn();
    const names = updateCaches(url());
    // A file of the build the worker serves, replaced by a script of the page.
    await page.evaluate(
      async ([cacheName, target, body]) =>
        (await caches.open(cacheName)).put(target, new Response(body, { headers: { 'Content-Type': 'text/html' } })),
      [names.build(honest.sha256), `${url()}index.html`, PLANTED_PAGE] as const,
    );
    await page.reload();
    expect(await planted(page)).toBe(false);
    expect(await pageFrom(page)).toBe('');
    const second = await context.newPage();
    await second.goto(url());
    expect(await planted(second)).toBe(false);
    await second.close();

    // A whole build written by a script, with a manifest that adds up, and the state naming it.
    const files = { 'index.html': sha256(PLANTED_PAGE) };
    const fake = { version: '6.6.6', commit: 'bad', sha256: sha256(manifestListing(files)), files };
    await page.evaluate(
      async ({ state, stateEntry, build, base, page: body, manifest }) => {
        const cache = await caches.open(build);
        await cache.put(`${base}index.html`, new Response(body, { headers: { 'Content-Type': 'text/html' } }));
        await cache.put(`${base}build-manifest.json`, Response.json(manifest));
        const current = { hash: manifest.sha256, version: manifest.version, commit: manifest.commit };
        await (await caches.open(state)).put(stateEntry, Response.json({ current }));
      },
      { ...names, build: names.build(fake.sha256), base: url(), page: PLANTED_PAGE, manifest: fake },
    );
    await page.reload();
    expect(await planted(page)).toBe(false);
    // The worker forgets what it checked when it stops; what is planted is checked again, and refused.
    const devtools = await context.newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');
    const third = await context.newPage();
    await third.goto(url());
    expect(await planted(third)).toBe(false);
    expect(await pageFrom(third)).toBe('');
    // The planted build is dropped and the server's signed one kept again.
    await expect.poll(async () => (await workerState(third)).current?.hash, { timeout: 60_000 }).toBe(honest.sha256);
    await third.reload();
    expect(await planted(third)).toBe(false);
    await context.close();
  }, 180_000);

  it.each([
    ['signed by another key', async () => strangerKeys()],
    ['unsigned', async () => 'unsigned' as const],
  ])(
    'refuses a newer build %s, and keeps serving the one it holds',
    async (_kind, signer) => {
      await serve(join(work, 'honest'));
      const { page, context } = await installedIn();
      const other = await newerBuild(join(work, `other-${_kind}`), '0.9.0', await signer());
      await serve(join(work, `other-${_kind}`));
      await page.reload();
      await expect
        .poll(() => barText(page), { timeout: 60_000 })
        .toContain(
          `A new build of Cairn was refused: it is not signed by the publisher key this copy of Cairn trusts (${fingerprint}).`,
        );
      expect(await barText(page)).toContain(other.sha256);
      expect(await page.getByRole('button', { name: /^Update/ }).count()).toBe(0);
      await page.reload();
      expect(await pageFrom(page)).toBe('');
      expect((await workerState(page)).current?.hash).toBe(honest.sha256);
      await context.close();
    },
    120_000,
  );

  it.each([
    ['signed by another key', async () => strangerKeys()],
    ['unsigned', async () => undefined],
  ])(
    'drops the build of a server that was hostile once (%s) when the honest worker installs',
    async (kind, signer) => {
      // A fresh profile meets the hostile server: its worker and its build, consistent and signed by its own key (or none).
      await hostileBuild(join(work, `hostile-${kind}`), 'hostile', await signer());
      await serve(join(work, `hostile-${kind}`));
      const { page, context } = await installedIn();
      await page.reload();
      expect(await pageFrom(page)).toBe('hostile');
      if (kind === 'unsigned')
        await expect
          .poll(() => barText(page), { timeout: 30_000 })
          .toContain('This copy of Cairn is an unsigned build');

      // The server is repaired. The browser fetches sw.js again (at least daily, bypassing the worker).
      await serve(join(work, 'honest'));
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect.poll(async () => (await workerState(page)).current?.hash, { timeout: 60_000 }).toBe(honest.sha256);
      await page.reload();
      expect(await pageFrom(page)).toBe('');
      const other = await context.newPage();
      await other.goto(url());
      expect(await pageFrom(other)).toBe('');
      await context.close();
    },
    180_000,
  );

  it('shows the build hash and the publisher key’s fingerprint in Settings → About and the update bar', async () => {
    await serve(join(work, 'honest'));
    const { page, context } = await installedIn();
    await new Onboarding(page).openDemoWallet();
    await page.goto(`${url()}#/settings/about`);
    const main = page.getByRole('main');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(honest.sha256);
    const about = (await main.textContent()) ?? '';
    expect(about).toContain(groupedFingerprint(fingerprint));
    expect(about).toContain(
      `Cairn’s service worker carries the publisher key ${groupedFingerprint(fingerprint)}: it serves only builds that key signed`,
    );

    const newer = await newerBuild(join(work, 'newer'), '0.5.0');
    await serve(join(work, 'newer'));
    await page.reload();
    await expect.poll(() => barText(page), { timeout: 60_000 }).toContain(newer.sha256);
    expect(await barText(page)).toContain(`It is signed with the publisher key ${groupedFingerprint(fingerprint)}.`);
    await context.close();
  }, 180_000);
});
