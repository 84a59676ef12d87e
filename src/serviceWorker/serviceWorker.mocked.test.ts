// The service worker's install and activate, its lock and its registration, run in Node
// (src/testing/serviceWorkerHarness.ts): what e2e cannot reach cheaply (a worker stopped between
// install and activate, a key sw.js cannot read) and the rules under the e2e tests.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateCaches } from '@/core/build/updateProtocol';
import { putBuild, startWorker, type TestOrigin, testOrigin, textOf } from '@/testing/serviceWorkerHarness';

import { manifestOfFiles, newTestKey, signedBy, type TestKey } from '@/testing/signedBuilds';

/** The worker under test, imported anew at each start. */
const load = () => import('./serviceWorker');

const honestFiles = { 'index.html': '<!doctype html><title>honest</title>', 'assets/app-1.js': 'honest()' };
const otherFiles = { 'index.html': '<!doctype html><title>other</title>', 'assets/app-2.js': 'other()' };
const names = updateCaches('https://cairn.test/');

let keyA: TestKey;
let keyB: TestKey;
let stranger: TestKey;
beforeAll(async () => {
  [keyA, keyB, stranger] = [await newTestKey(), await newTestKey(), await newTestKey()];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const signedAs = (files: Record<string, string>, version: string, own: TestKey, by: TestKey[] = [own]) =>
  signedBy(manifestOfFiles(files, version), own, by);
const keyOf = (key: TestKey | undefined) => ({ publisherKey: key?.key.spki ?? '' });

/** The hash of the build the stored state says is served. */
async function currentIn(at: TestOrigin): Promise<string | undefined> {
  const entry = await (await at.caches.open(names.state)).match(names.stateEntry);
  return entry ? (await entry.json())?.current?.hash : undefined;
}

/** A worker with key `key` installed and activated on `at`, the server holding `files`. */
async function installed(at: TestOrigin, files: Record<string, string>, manifest: unknown, key?: TestKey) {
  putBuild(at.server, files, manifest);
  const worker = await startWorker(at, load, keyOf(key));
  await worker.install();
  await worker.activate();
  return worker;
}

describe('installing Cairn’s service worker', () => {
  it('does not wait for ever on the lock a page holds: it takes it', async () => {
    const at = testOrigin();
    putBuild(at.server, honestFiles, signedAs(honestFiles, '1.0.0', keyA));
    at.locks.holdForever(names.state);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const worker = await startWorker(at, load, keyOf(keyA));
    const installing = worker.install();
    await vi.waitFor(() => expect(at.locks.queued(names.state)).toBe(1));
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    await installing;
    expect(await currentIn(at)).toBe(signedAs(honestFiles, '1.0.0', keyA).sha256);
  });

  it('serves nothing and unregisters itself under another script name or scope', async () => {
    for (const where of [{ script: 'x.js' }, { scope: '/dapp.html' }, { scope: '/assets/', script: '/sw.js' }]) {
      const at = testOrigin();
      putBuild(at.server, honestFiles, signedAs(honestFiles, '1.0.0', keyA));
      const worker = await startWorker(at, load, { ...keyOf(keyA), ...where });
      await worker.install();
      await worker.activate();
      expect(worker.registration.unregister).toHaveBeenCalled();
      expect(await worker.request('')).toBe('network');
      expect([...at.caches.named.keys()]).toEqual([]);
    }
  });

  it('fails to install with a key it cannot read, rather than take no build or any', async () => {
    const at = testOrigin();
    putBuild(at.server, honestFiles, signedAs(honestFiles, '1.0.0', keyA));
    const worker = await startWorker(at, load, { publisherKey: Buffer.from('not a key').toString('base64') });
    await expect(worker.install()).rejects.toThrow(/cannot read/);
    expect(worker.self.skipWaiting).not.toHaveBeenCalled();
  });

  it('has the pages start afresh once it dropped their build, also when stopped between install and activate', async () => {
    const at = testOrigin();
    const page = at.openWindow('/');
    await installed(at, otherFiles, signedAs(otherFiles, '6.6.6', stranger), stranger);
    // The server is repaired; the browser installs the honest sw.js, stops it, and starts it to activate.
    const honest = signedAs(honestFiles, '1.0.0', keyA);
    putBuild(at.server, honestFiles, honest);
    await (await startWorker(at, load, keyOf(keyA))).install();
    expect(await currentIn(at)).toBe(honest.sha256);
    page.heard.length = 0;
    await (await startWorker(at, load, keyOf(keyA))).activate();
    expect(page.heard).toEqual([{ tag: 'cairn-update', type: 'reload' }]);
    // Once only.
    page.heard.length = 0;
    await (await startWorker(at, load, keyOf(keyA))).activate();
    expect(page.heard.map((news) => news.type)).toEqual(['state']);
  });
});

describe('a change of publisher key', () => {
  it('keeps serving the build the old key signed, and offers the handover build for the person to accept', async () => {
    const at = testOrigin();
    const page = at.openWindow('/');
    const old = signedAs(honestFiles, '1.0.0', keyA);
    await installed(at, honestFiles, old, keyA);
    // The new key's build, signed by both; its sw.js carries the new key and the old one.
    const handover = signedAs(otherFiles, '1.1.0', keyB, [keyB, keyA]);
    putBuild(at.server, otherFiles, handover);
    const worker = await startWorker(at, load, { publisherKey: keyB.key.spki, previousKeys: [keyA.key.spki] });
    await worker.install();
    page.heard.length = 0;
    await worker.activate();
    expect(page.heard.map((news) => news.type)).toEqual(['state']);
    expect(await currentIn(at)).toBe(old.sha256);
    expect(await textOf(await worker.request(''))).toBe(honestFiles['index.html']);
    await worker.tell(page, { tag: 'cairn-update', action: 'check' });
    expect(page.heard.at(-1)).toMatchObject({
      type: 'state',
      state: { current: { hash: old.sha256, key: keyA.key.fingerprint }, staged: { hash: handover.sha256 } },
      signing: { mode: 'signed', key: keyB.key.fingerprint },
    });
  });

  it('takes no new build by the old key alone', async () => {
    const at = testOrigin();
    const page = at.openWindow('/');
    await installed(at, honestFiles, signedAs(honestFiles, '1.0.0', keyA), keyA);
    const worker = await startWorker(at, load, { publisherKey: keyB.key.spki, previousKeys: [keyA.key.spki] });
    await worker.install();
    putBuild(at.server, otherFiles, signedAs(otherFiles, '1.1.0', keyA));
    await worker.tell(page, { tag: 'cairn-update', action: 'check' });
    expect(page.heard.at(-1)).toMatchObject({ state: { refused: { version: '1.1.0' } } });
    expect(page.heard.at(-1)).not.toMatchObject({ state: { staged: expect.anything() } });
  });
});
