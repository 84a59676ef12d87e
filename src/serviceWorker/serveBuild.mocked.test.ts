// What the service worker serves and tells the pages when a page's script wrote into the Cache
// API, which pages share with it (src/testing/serviceWorkerHarness.ts runs the worker in Node).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { headerContentSecurityPolicy } from '@/core/build/securityHeaders';
import { updateCaches } from '@/core/build/updateProtocol';
import { putBuild, startWorker, type TestOrigin, testOrigin, textOf } from '@/testing/serviceWorkerHarness';

import { manifestOfFiles, newTestKey, signedBy, type TestKey } from '@/testing/signedBuilds';

/** The worker under test, imported anew at each start. */
const load = () => import('./serviceWorker');

const honestFiles = { 'index.html': '<!doctype html><title>honest</title>', 'assets/app-1.js': 'honest()' };
const newerFiles = { 'index.html': '<!doctype html><title>newer</title>', 'assets/app-2.js': 'newer()' };
const names = updateCaches('https://cairn.test/');
const PLANTED = '<!doctype html><title>planted</title>';

let key: TestKey;
beforeAll(async () => {
  key = await newTestKey();
});
afterEach(() => vi.unstubAllGlobals());

const stateIn = async (at: TestOrigin) =>
  (await (await at.caches.open(names.state)).match(names.stateEntry))?.json().catch(() => 'unreadable');

/** A worker (signed with the test key, or unsigned) that installed the honest build and serves it. */
async function serving(signed = true) {
  const at = testOrigin();
  const manifest = manifestOfFiles(honestFiles, '1.0.0');
  putBuild(at.server, honestFiles, signed ? signedBy(manifest, key, [key]) : manifest);
  const options = { publisherKey: signed ? key.key.spki : '' };
  const worker = await startWorker(at, load, options);
  await worker.install();
  await worker.activate();
  expect(await textOf(await worker.request(''))).toBe(honestFiles['index.html']);
  return { at, manifest, options, worker };
}

describe('what the service worker serves', () => {
  it.each(['null', '{', '"text"', '{"current":{"hash":"x"}}'])(
    'writes over a state entry a script made unreadable (%s), and serves the build again',
    async (planted) => {
      const { at, manifest, options } = await serving();
      await at.caches.plant(names.state, names.stateEntry, planted);
      const restarted = await startWorker(at, load, options);
      // The server answers meanwhile; the entry is written over.
      await restarted.request('');
      await vi.waitFor(async () => expect((await stateIn(at))?.current?.hash).toBe(manifest.sha256));
      at.requested.length = 0;
      expect(await textOf(await restarted.request(''))).toBe(honestFiles['index.html']);
      expect(at.requested).toEqual([]);
    },
  );

  it.each([true, false])('serves no file a script replaced, with Cairn’s own headers (signed: %s)', async (signed) => {
    const { at, manifest, worker } = await serving(signed);
    const cache = await at.caches.open(names.build(manifest.sha256));
    await cache.put(
      'https://cairn.test/index.html',
      new Response(PLANTED, { headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': 'script-src *' } }),
    );
    const answer = await worker.request('');
    if (answer === 'network') throw new Error('not answered by the worker');
    expect(await answer.text()).toBe(honestFiles['index.html']);
    expect(answer.headers.get('content-security-policy')).toBe(headerContentSecurityPolicy);
    // The server's copy, checked, is kept in the planted one's place.
    expect(await (await cache.match('https://cairn.test/index.html'))?.text()).toBe(honestFiles['index.html']);
  });

  it('refuses a path it cannot decode as not part of the build, rather than let it past', async () => {
    const { worker } = await serving();
    for (const path of ['%E0', 'not-in-the-build.html']) {
      const answer = await worker.request(path);
      expect(answer === 'network' ? 'network' : answer.status).toBe(404);
      // The status only: the worker has no words of its own (the browser shows its own page).
      expect(await textOf(answer)).toBe('');
    }
  });
});

describe('a refusal', () => {
  it('planted by a script is neither told to the pages nor holds back the build it names', async () => {
    const { at, manifest, options } = await serving();
    const page = at.openWindow('/');
    const newer = signedBy(manifestOfFiles(newerFiles, '2.0.0'), key, [key]);
    const current = { hash: manifest.sha256, version: '1.0.0', commit: manifest.commit };
    const refused = { hash: newer.sha256, version: '2.0.0', commit: newer.commit, reason: 'Call +1 555 0100 now.' };
    await at.caches.plant(names.state, names.stateEntry, JSON.stringify({ current, refused }));
    putBuild(at.server, newerFiles, newer);
    const worker = await startWorker(at, load, options);
    await worker.tell(page, { tag: 'cairn-update', action: 'check' });
    expect(JSON.stringify(page.heard)).not.toContain('Call');
    expect(page.heard.at(-1)).toMatchObject({ state: { staged: { hash: newer.sha256 } } });
  });

  it('the worker made is told to the pages, kept in its memory and never stored', async () => {
    const { at, options } = await serving();
    const page = at.openWindow('/');
    const stranger = await newTestKey();
    putBuild(at.server, newerFiles, signedBy(manifestOfFiles(newerFiles, '2.0.0'), stranger, [stranger]));
    const worker = await startWorker(at, load, options);
    await worker.tell(page, { tag: 'cairn-update', action: 'check' });
    expect(page.heard.at(-1)).toMatchObject({
      state: { refused: { version: '2.0.0', why: { id: 'core.keys:release.unsigned' } } },
    });
    expect(await stateIn(at)).not.toHaveProperty('refused');
  });
});
