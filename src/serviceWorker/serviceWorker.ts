// sw.js: Cairn's service worker (built alone beside index.html by scripts/build/serviceWorkerBuild.ts).
// It serves Cairn's pages and files from a build it downloaded and checked file by file against
// build-manifest.json, so Cairn starts with no network; it looks for a newer build when a page
// asks, downloads and checks it in the background, and installs it only once the person accepted
// it (src/core/build/updateProtocol.ts); the pages ask for that only once Cairn is locked. It never
// stores anything else: node, explorer and image answers pass through untouched (they go to other
// origins anyway).
//
// A signed build's sw.js carries the publisher's key: it takes only builds that key signed, at
// install and at every update, checks each file it serves against the signed manifest, and drops
// any stored build the key did not sign when it installs (trustedBuilds.ts, serveBuild.ts). While
// keys change it also carries the keys before it, which vouch only for the build already served.
// An unsigned build's sw.js takes any build whose files match its manifest, and says so to the pages.

import { BUILD_MANIFEST_FILE, type BuildManifest, parseBuildManifest } from '../core/build/buildManifest';
import { checkRelease, releaseOf } from '../core/build/releaseCheck';
import {
  type ApplyDeferral,
  afterApply,
  afterCheck,
  afterOffer,
  applyRefusal,
  isNewRelease,
  isUpdateRequest,
  type Signing,
  UPDATE_MESSAGE,
  type UpdateNews,
  type UpdateRequest,
} from '../core/build/updateProtocol';
import { buildPathOf } from '../core/build/workerUrls';
import { sha256HexOf } from '../core/bytes';
import { refusalWords } from './refusalWords';
import { download, serve } from './serveBuild';
import {
  dropUntrusted,
  isStoredAs,
  markReload,
  rememberChecked,
  takeReloadMark,
  trustedState,
  writeState,
} from './trustedBuilds';
import {
  markActivated,
  names,
  ownRegistration,
  SITE_WINDOW,
  scope,
  superseded,
  trustedKeys,
  urlOf,
  worker,
} from './workerScope';

/**
 * How long a change of state waits for the lock another worker of this scope holds before it
 * takes the lock away. Pages share Web Locks with the worker, so a page's script can hold the
 * lock for ever: it must delay the worker, never stop it (the checks on read make whatever the
 * other holder writes harmless).
 */
const LOCK_PATIENCE_MS = 5_000;

/** Runs `task` holding the scope's lock: waiting for it at most LOCK_PATIENCE_MS, then taking it away. */
function underLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return task();
  return new Promise<T>((resolve, reject) => {
    let running: Promise<T> | undefined;
    const run = (): Promise<unknown> => {
      running ??= task();
      running.then(resolve, reject);
      // The lock is held until the task ends; the outcome goes to the caller, not to the lock.
      return running.catch(() => undefined);
    };
    const patience = new AbortController();
    const timer = setTimeout(() => patience.abort(), LOCK_PATIENCE_MS);
    const granted = () => {
      clearTimeout(timer);
      return run();
    };
    locks.request(names.state, { signal: patience.signal }, granted).catch(() => {
      // Not granted in time (or taken away once granted, when the task already runs).
      if (!running) locks.request(names.state, { steal: true }, run).catch(() => undefined);
    });
  });
}

/**
 * Every change of state runs after the one before (a check, an accept and an apply never
 * interleave), also across two workers of this scope (an old one and a new sw.js).
 */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const locked = () => underLock(task);
  const next = queue.then(locked, locked);
  queue = next.catch(() => undefined);
  return next;
}

/** Every Cairn window of this scope, also one a hard reload took out of the worker's control. */
const windows = () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function tell(news: UpdateNews): Promise<void> {
  for (const page of await windows()) page.postMessage(news);
}

async function signing(): Promise<Signing> {
  const keys = await trustedKeys;
  return keys ? { mode: 'signed', key: keys.publisher.fingerprint } : { mode: 'unsigned' };
}

const tellState = async (deferred?: ApplyDeferral) =>
  tell({ tag: UPDATE_MESSAGE, type: 'state', state: await trustedState(), deferred, signing: await signing() });

/** Downloads and checks the build of `manifest` into its cache (its signature first); what the check found. */
async function store(manifest: BuildManifest) {
  const outcome = await checkRelease(manifest, {
    download,
    sha256: sha256HexOf,
    trusted: (await trustedKeys)?.publisher,
  });
  if (outcome.ok) {
    const cache = await caches.open(names.build(manifest.sha256));
    await Promise.all([...outcome.files].map(([path, response]) => cache.put(urlOf(path), response)));
    // About reads the manifest of the build it runs, not the server's newest.
    await cache.put(urlOf(BUILD_MANIFEST_FILE), Response.json(manifest));
    rememberChecked(manifest);
  }
  return outcome;
}

const isStored = async (hash: string) =>
  (await (await caches.open(names.build(hash))).match(urlOf(BUILD_MANIFEST_FILE))) !== undefined;

/**
 * Looks for a build other than the one served; downloads, checks and stages it. A served build
 * whose stored copy is gone (the browser cleared it) is stored again when the server still has it.
 * Without a build to serve, the server's build is stored and served if it checks out.
 */
async function check(): Promise<void> {
  if (superseded()) return;
  const answer = await fetch(urlOf(BUILD_MANIFEST_FILE), { cache: 'no-store' }).catch(() => undefined);
  const manifest = answer?.ok ? parseBuildManifest(await answer.json().catch(() => undefined)) : undefined;
  if (!manifest) return;
  const before = await trustedState();
  let state = afterOffer(before, manifest.sha256);
  if (state.current?.hash === manifest.sha256 && !(await isStored(manifest.sha256))) await store(manifest);
  if (isNewRelease(state, manifest.sha256))
    state = afterCheck(state, releaseOf(manifest), await store(manifest), refusalWords);
  // Most checks find nothing new: no write, no prune, no news (pages heard the state when they asked).
  if (JSON.stringify(state) === JSON.stringify(before) && (await isStoredAs(state))) return;
  await writeState(state);
  await tellState();
}

/** Installs the staged build the person accepted (its signature checked again): asked by a page once Cairn is locked. */
async function apply(hash: string): Promise<void> {
  const state = await trustedState();
  const siteWindowOpen = (await windows()).some((page) => new URL(page.url).pathname === SITE_WINDOW);
  const refusal = applyRefusal(state, hash, siteWindowOpen);
  if (refusal) return tellState(refusal);
  await writeState(afterApply(state));
  await tell({ tag: UPDATE_MESSAGE, type: 'reload' });
}

async function answer(request: UpdateRequest): Promise<void> {
  if (request.action === 'check') {
    await tellState();
    return check();
  }
  if (request.action === 'accept') {
    const state = await trustedState();
    if (state.staged?.hash === request.hash) await writeState({ ...state, accepted: request.hash });
    return tellState();
  }
  return apply(request.hash);
}

/**
 * A state naming a build this worker does not vouch for was met while serving: it is put right
 * (that build dropped, the server's signed build stored) once, not on every request.
 */
let repairing = false;
function repair(): void {
  if (repairing) return;
  repairing = true;
  void serially(async () => {
    await dropUntrusted();
    await check();
  })
    .catch(() => undefined)
    .finally(() => {
      repairing = false;
    });
}

worker.addEventListener('install', (event) => {
  // Builds the key this sw.js carries did not sign are dropped; the first build is stored now; a
  // new sw.js keeps serving the build already accepted. A sw.js whose keys cannot be read fails
  // to install; one that is not Cairn's own registration takes itself away.
  event.waitUntil(
    trustedKeys.then(async () => {
      if (!ownRegistration) return void (await worker.registration.unregister());
      await serially(async () => {
        if (await dropUntrusted()) await markReload();
        await check();
      }).catch(() => undefined);
      await worker.skipWaiting();
    }),
  );
});

worker.addEventListener('activate', (event) => {
  markActivated();
  if (!ownRegistration) return event.waitUntil(worker.registration.unregister().catch(() => undefined));
  // Whether installing dropped the build pages ran is read from the cache: this worker may have
  // been stopped since, and have forgotten.
  event.waitUntil(
    worker.clients
      .claim()
      .then(takeReloadMark)
      .then((reload) => (reload ? tell({ tag: UPDATE_MESSAGE, type: 'reload' }) : tellState()))
      .catch(() => undefined),
  );
});

worker.addEventListener('fetch', (event) => {
  if (!ownRegistration) return;
  const { method, url } = event.request;
  const path = buildPathOf(method, url, scope.href);
  if (path !== undefined) event.respondWith(serve(path, event.request, repair));
});

worker.addEventListener('message', (event) => {
  // Only Cairn's own wallet windows of this scope: not a site's window, not a worker.
  const source = event.source;
  if (!ownRegistration || !isUpdateRequest(event.data) || source?.type !== 'window' || typeof source.url !== 'string')
    return;
  const from = new URL(source.url);
  if (from.origin !== scope.origin || !from.pathname.startsWith(scope.pathname) || from.pathname === SITE_WINDOW)
    return;
  const request = event.data;
  event.waitUntil(serially(() => answer(request)));
});
