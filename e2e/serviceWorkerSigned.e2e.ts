// Cairn's service worker serves only builds its publisher key signed. Two ways in were
// reproduced against the worker before it checked signatures: a script that ran once at Cairn's
// origin wrote a page (and the worker's state) into the Cache API, which pages share with the
// worker, and that page was served from then on; and a server hostile once served its own build
// and worker, which stayed after the server was repaired. Here neither survives: a planted entry
// is never served, after a reload, in a new window or once the worker restarted; a build another
// key signed, or none, is refused as an update; and once the browser fetches the honest sw.js
// again, it drops what the hostile one kept, though a page holds the worker's lock, and Cairn's
// page drops a worker registered for a narrower scope. A build for a new publisher key is offered,
// not switched to, and one older than the build running is offered with a warning. About calls the
// key checked only on a page the worker serves (not after a hard reload).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { findFreePort } from '../scripts/serve/ports.ts';
import { type StaticServer, startStaticServer } from '../scripts/serve/static-server.ts';
import { type BuildManifest, manifestListing } from '../src/core/build/buildManifest.ts';
import { groupedFingerprint } from '../src/core/build/buildSignature.ts';
import { type UpdateState, updateCaches } from '../src/core/build/updateProtocol.ts';
import { sha256 } from '../src/testing/signedBuilds.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import {
  buildForKeys,
  copyBuild,
  HOSTILE_WORKER_PAGE,
  hostileWorkerFile,
  newerBuild,
  strangerKeys,
  testBuildOf,
  testPublisherKeys,
} from './support/builds.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const PLANTED_PAGE = '<!doctype html><title>planted</title><h1>Planted by a script</h1>';
/** About's words for a publisher key no service worker checked. */
const UNCHECKED_KEY = 'no service worker checked that this key signed the build';

describe('a service worker that serves only signed builds', () => {
  let env: Environment;
  let work: string;
  let port: number;
  let server: StaticServer | undefined;
  let honest: BuildManifest;
  let fingerprint: string;

  /** Serves the build in `dir` at the one origin the tests use, as a host would after a deploy (a hostile one without Cairn's headers). */
  async function serve(dir: string, hostile = false): Promise<string> {
    await server?.close();
    server = await startStaticServer({
      root: dir,
      port,
      localRpcUrl: env.chain.url,
      devchain: true,
      withoutSecurityHeaders: hostile,
    });
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
  const planted = async (page: Page) => (await page.title()) === 'planted';
  const barText = async (page: Page) =>
    (await page
      .getByRole('region', { name: 'Cairn update', exact: true })
      .textContent({ timeout: 500 })
      .catch(() => '')) ?? '';

  /**
   * Waits until the worker that installed last is the active one, and gives a new page of the
   * profile. Chromium activates it, though it skipped waiting, only once the worker before it has
   * no event at work. `page`, served by that one and holding its lock, is closed, not navigated
   * (the back/forward cache would keep it, and its lock, alive). Should the old worker still hold
   * an event after 15 s, the workers are stopped, as the browser stops an idle one: about one full
   * run in four, the hand-over otherwise waited past a minute for the old worker's events.
   */
  async function honestWorkerActive(page: Page): Promise<Page> {
    const context = page.context();
    const watcher = await context.newPage();
    const devtools = await context.newCDPSession(watcher);
    const statuses = new Map<string, string>();
    const script = `${url()}sw.js`;
    const active = new Promise<void>((done) =>
      devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const v of versions) if (v.scriptURL === script) statuses.set(v.versionId, v.status);
        const all = [...statuses.values()];
        if (
          all.includes('activated') &&
          !all.some((s) => s === 'installing' || s === 'installed' || s === 'activating')
        )
          done();
      }),
    );
    await devtools.send('ServiceWorker.enable');
    await page.close();
    const nudge = setTimeout(() => void devtools.send('ServiceWorker.stopAllWorkers').catch(() => undefined), 15_000);
    // Bounded, so a worker that never takes over fails here, saying where its versions stood.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<never>((_, fail) => {
      timer = setTimeout(
        () => fail(new Error(`the honest worker did not take over in 60 s: ${JSON.stringify([...statuses])}`)),
        60_000,
      );
    });
    await Promise.race([active, stuck]).finally(() => {
      clearTimeout(timer);
      clearTimeout(nudge);
    });
    await devtools.detach();
    return watcher;
  }

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
    expect(await testBuildOf(page)).toBe('');
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
    expect(await testBuildOf(page)).toBe('');
    // The worker forgets what it checked when it stops; what is planted is checked again, and refused.
    const devtools = await context.newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');
    const third = await context.newPage();
    await third.goto(url());
    expect(await planted(third)).toBe(false);
    expect(await testBuildOf(third)).toBe('');
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
    async (kind, signer) => {
      await serve(join(work, 'honest'));
      const { page, context } = await installedIn();
      const other = await newerBuild(join(work, `other-${kind}`), '0.9.0', await signer());
      await serve(join(work, `other-${kind}`));
      await page.reload();
      await expect
        .poll(() => barText(page), { timeout: 60_000 })
        .toContain(
          `A new build of Cairn was refused: it is not signed by the publisher key this copy of Cairn trusts (${fingerprint}).`,
        );
      expect(await barText(page)).toContain(other.sha256);
      expect(await page.getByRole('button', { name: /^Update/ }).count()).toBe(0);
      await page.reload();
      expect(await testBuildOf(page)).toBe('');
      expect((await workerState(page)).current?.hash).toBe(honest.sha256);
      await context.close();
    },
    120_000,
  );

  it.each([
    ['signed by another key', async () => strangerKeys()],
    ['unsigned', async () => 'unsigned' as const],
  ])(
    'drops the build of a server that was hostile once (%s) when the honest worker installs, though a page holds its lock',
    // Once more if it fails: a second attempt runs in a fresh profile (see honestWorkerActive).
    { timeout: 180_000, retry: 1 },
    async (kind, signer) => {
      // A fresh profile meets the hostile server: its worker and its build, consistent and signed by
      // its own key (or none). Once, it also registers a worker of its own for dapp.html.
      const dir = join(work, `hostile-${kind}`);
      await buildForKeys(dir, 'hostile', await signer());
      const narrower = kind === 'signed by another key';
      if (narrower) hostileWorkerFile(dir);
      await serve(dir, true);
      const { page, context } = await installedIn();
      // A failed attempt leaves nothing open for the next.
      onTestFinished(() => context.close());
      // From a page of the hostile server without Cairn's policy, fetched past the worker.
      const site = narrower ? await context.newPage() : undefined;
      const devtools = site && (await context.newCDPSession(site));
      await devtools?.send('Network.enable');
      await devtools?.send('Network.setBypassServiceWorker', { bypass: true });
      await site?.goto(`${url()}hostile.html`);
      /** Registers x.js for `scope`; settles once it is active, or at once for a decoy. */
      const registerHostileWorker = (scope: string, activated: boolean) =>
        site?.evaluate(
          async ([scope, activated]) => {
            const registration = await navigator.serviceWorker.register('x.js', { scope });
            const worker = registration.installing ?? registration.waiting ?? registration.active;
            // Fails at once, not at the test's timeout, when no worker comes or it does not make it.
            if (!worker) throw new Error('x.js registered no worker');
            if (!activated) return;
            await new Promise<void>((done, fail) => {
              const settled = () => {
                if (worker.state === 'activated') done();
                if (worker.state === 'redundant') fail(new Error('x.js did not install'));
              };
              settled();
              worker.addEventListener('statechange', settled);
              setTimeout(() => fail(new Error(`x.js stuck ${worker.state} for 30 s`)), 30_000);
            });
          },
          [scope, activated] as const,
        );
      // The hostile build is Cairn's code, so its page drops a narrower worker when it starts, after
      // its first screen: a decoy registered before the reload tells when it has (under load, seconds
      // later); registered before that, x.js went again mid-test.
      await registerHostileWorker('./decoy/', false);
      await page.reload();
      expect(await testBuildOf(page)).toBe('hostile');
      if (site) {
        await expect
          .poll(
            () => site.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)),
            { timeout: 60_000 },
          )
          .not.toContain(`${url()}decoy/`);
        await registerHostileWorker('./dapp.html', true);
        await devtools?.send('Network.setBypassServiceWorker', { bypass: false });
        await site.goto(`${url()}dapp.html`);
        expect(await site.title()).toBe(HOSTILE_WORKER_PAGE);
        await site.close();
      }
      if (kind === 'unsigned')
        await expect
          .poll(() => barText(page), { timeout: 30_000 })
          .toContain('This copy of Cairn is an unsigned build');
      // A script of the hostile page holds the lock the worker's changes of state take, for ever.
      const { state: lock } = updateCaches(url());
      await page.evaluate((name) => void navigator.locks.request(name, () => new Promise(() => undefined)), lock);

      // The server is repaired. The browser fetches sw.js again (at least daily, bypassing the worker).
      await serve(join(work, 'honest'));
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect.poll(async () => (await workerState(page)).current?.hash, { timeout: 60_000 }).toBe(honest.sha256);
      const fresh = await honestWorkerActive(page);
      await fresh.goto(url());
      expect(await testBuildOf(fresh)).toBe('');
      const other = await context.newPage();
      await other.goto(url());
      expect(await testBuildOf(other)).toBe('');
      if (narrower) {
        // x.js is gone from the server, so the browser keeps its registration: Cairn's page drops it.
        await expect
          .poll(() =>
            fresh.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)),
          )
          .toEqual([url()]);
        await other.goto(`${url()}dapp.html`);
        expect(await testBuildOf(other)).toBe('');
      }
      await context.close();
    },
  );

  it('shows the build hash and the publisher key’s fingerprint in Settings → About (checked only on a page it serves) and the update bar', async () => {
    await serve(join(work, 'honest'));
    const { page, context } = await installedIn();
    await new Onboarding(page).openDemoWallet();
    await page.goto(`${url()}#/settings/about`);
    const main = page.getByRole('main');
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(honest.sha256);
    const about = (await main.textContent()) ?? '';
    expect(about).toContain(groupedFingerprint(fingerprint));
    const workerWords = `Cairn’s service worker carries the publisher key ${groupedFingerprint(fingerprint)}: it serves only builds that key signed`;
    expect(about).toContain(workerWords);
    expect(about).not.toContain(UNCHECKED_KEY);
    // A hard reload takes the page out of the worker's control: the page and its manifest came from
    // the server, so the key is the server's word, though the worker still runs and tells the page its state.
    const devtools = await context.newCDPSession(page);
    await Promise.all([page.waitForEvent('load'), devtools.send('Page.reload', { ignoreCache: true })]);
    await devtools.detach();
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    await new Unlock(page).unlock();
    await page.goto(`${url()}#/settings/about`);
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(workerWords);
    await expect.poll(async () => (await main.textContent()) ?? '').toContain(UNCHECKED_KEY);

    // A build the key signed, but older than the one running: offered, with a warning.
    const older = await newerBuild(join(work, 'older'), '0.0.9');
    await serve(join(work, 'older'));
    await page.reload();
    await expect.poll(() => barText(page), { timeout: 60_000 }).toContain(older.sha256);
    expect(await barText(page)).toContain(`It is signed with the publisher key ${groupedFingerprint(fingerprint)}.`);
    expect(await barText(page)).toContain('This is an older version than the one you run');

    // The publisher changes keys: the new key's build, signed by both, and its sw.js, which carries
    // the key before it too. The browser installs that sw.js: Cairn stays on the build it runs, and
    // the bar offers the change.
    const next = (await strangerKeys()).publisher;
    const handover = await buildForKeys(join(work, 'handover'), '0.6.0', {
      publisher: next,
      previous: (await testPublisherKeys()).publisher,
    });
    await serve(join(work, 'handover'));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect
      .poll(() => barText(page), { timeout: 60_000 })
      .toContain(`It moves Cairn to a new publisher key, ${groupedFingerprint(next.publicKey.fingerprint)}`);
    expect(await barText(page)).toContain(handover.sha256);
    await page.reload();
    expect(await testBuildOf(page)).toBe('');
    expect((await workerState(page)).current?.hash).toBe(honest.sha256);
    await context.close();
  }, 180_000);
});
