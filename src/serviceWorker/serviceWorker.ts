// sw.js: Cairn's service worker (built alone beside index.html by scripts/serviceWorkerBuild.ts).
// It serves Cairn's pages and files from a build it downloaded and checked file by file against
// build-manifest.json, so Cairn starts with no network; it looks for a newer build when a page
// asks, downloads and checks it in the background, and installs it only once the person accepted
// it and Cairn is locked (src/core/build/updateProtocol.ts). It never stores anything else: node,
// explorer and image answers pass through untouched (they go to other origins anyway).
//
// A signed build's sw.js carries the publisher's key: it takes only builds that key signed, at
// install and at every update, checks each file it serves against the signed manifest, and drops
// any stored build the key did not sign when it installs (trustedBuilds.ts, serveBuild.ts). An
// unsigned build's sw.js takes any build whose files match its manifest, and says so to the pages.

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
import { refusalWords } from './refusalWords';
import { download, serve } from './serveBuild';
import { dropUntrusted, rememberChecked, storedState, trustedState, writeState } from './trustedBuilds';
import { markActivated, names, SITE_WINDOW, scope, sha256, superseded, trustedKey, urlOf, worker } from './workerScope';

/**
 * Every change of state runs after the one before (a check, an accept and an apply never
 * interleave), also across two workers of this scope (an old one and a new sw.js).
 */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  const locked = (): Promise<T> => (locks ? (locks.request(names.state, task) as Promise<T>) : task());
  const next = queue.then(locked, locked);
  queue = next.catch(() => undefined);
  return next as Promise<T>;
}

/** Every Cairn window of this scope, also one a hard reload took out of the worker's control. */
const windows = () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function tell(news: UpdateNews): Promise<void> {
  for (const page of await windows()) page.postMessage(news);
}

async function signing(): Promise<Signing> {
  const key = await trustedKey;
  return key ? { mode: 'signed', key: key.fingerprint } : { mode: 'unsigned' };
}

const tellState = async (deferred?: ApplyDeferral) =>
  tell({ tag: UPDATE_MESSAGE, type: 'state', state: await trustedState(), deferred, signing: await signing() });

/** Downloads and checks the build of `manifest` into its cache (its signature first); what the check found. */
async function store(manifest: BuildManifest) {
  const outcome = await checkRelease(manifest, { download, sha256, trusted: await trustedKey });
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
  if (JSON.stringify(state) === JSON.stringify(await storedState())) return;
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

/** The build file a request inside the scope asks for ("" is index.html), or undefined. */
function buildPath(request: Request): string | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return undefined;
  const path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  return path === '' ? 'index.html' : path;
}

/** Whether installing dropped the build served until now: the pages running it then start afresh. */
let droppedServedBuild = false;

worker.addEventListener('install', (event) => {
  // Builds the key this sw.js carries did not sign are dropped; the first build is stored now; a
  // new sw.js keeps serving the build already accepted.
  event.waitUntil(
    serially(async () => {
      droppedServedBuild = await dropUntrusted();
      await check();
    })
      .catch(() => undefined)
      .finally(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  markActivated();
  event.waitUntil(
    worker.clients
      .claim()
      .then(() => (droppedServedBuild ? tell({ tag: UPDATE_MESSAGE, type: 'reload' }) : tellState()))
      .catch(() => undefined),
  );
});

worker.addEventListener('fetch', (event) => {
  const path = buildPath(event.request);
  if (path !== undefined) event.respondWith(serve(path, event.request, repair));
});

worker.addEventListener('message', (event) => {
  // Only Cairn's own wallet windows of this scope: not a site's window, not a worker.
  const source = event.source;
  if (!isUpdateRequest(event.data) || source?.type !== 'window' || typeof source.url !== 'string') return;
  const from = new URL(source.url);
  if (from.origin !== scope.origin || !from.pathname.startsWith(scope.pathname) || from.pathname === SITE_WINDOW)
    return;
  const request = event.data;
  event.waitUntil(serially(() => answer(request)));
});
