// sw.js: Cairn's service worker (built alone beside index.html by scripts/serviceWorkerBuild.ts).
// It serves Cairn's pages and files from a build it downloaded and checked file by file against
// build-manifest.json, so Cairn starts with no network; it looks for a newer build when a page
// asks, downloads and checks it in the background, and installs it only once the person accepted
// it and Cairn is locked (src/core/build/updateProtocol.ts). It never stores anything else: node,
// explorer and image answers pass through untouched (they go to other origins anyway).

import { BUILD_MANIFEST_FILE, type BuildManifest, isSourceMap, parseBuildManifest } from '../core/build/buildManifest';
import { checkRelease, releaseOf } from '../core/build/releaseCheck';
import {
  type ApplyDeferral,
  afterApply,
  afterCheck,
  afterOffer,
  applyRefusal,
  isNewRelease,
  isUpdateRequest,
  storedUpdateState,
  UPDATE_MESSAGE,
  type UpdateNews,
  type UpdateRequest,
  type UpdateState,
  updateCaches,
} from '../core/build/updateProtocol';
import { hexOf } from '../core/bytes';
import { refusalWords } from './refusalWords';

// The parts of the service worker's global scope used here (the DOM library has no types for it).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type PageClient = { url: string; type: string; postMessage(message: UpdateNews): void };
type MessageFromPage = ExtendableEvent & { data: unknown; source: Partial<PageClient> | null };
type WorkerScope = {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<PageClient[]>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageFromPage) => void): void;
};

const worker = self as unknown as WorkerScope;
const scope = new URL(worker.registration.scope);
const urlOf = (path: string) => new URL(path, scope).href;
const names = updateCaches(scope.href);
const SITE_WINDOW = new URL('dapp.html', scope).pathname;

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

/** The state as stored: {} before any build was stored. A failed read rejects (nothing is decided on it). */
async function readState(): Promise<UpdateState> {
  const entry = await (await caches.open(names.state)).match(names.stateEntry);
  return entry ? storedUpdateState((await entry.json()) as UpdateState, refusalWords) : {};
}

async function writeState(state: UpdateState): Promise<void> {
  const cache = await caches.open(names.state);
  await cache.put(names.stateEntry, Response.json(state));
  // Only the builds served and staged are kept (of this scope only).
  const keep = new Set([state.current?.hash, state.staged?.hash].flatMap((hash) => (hash ? [names.build(hash)] : [])));
  for (const name of await caches.keys())
    if (name.startsWith(names.buildPrefix) && !keep.has(name)) await caches.delete(name);
}

/** Every Cairn window of this scope, also one a hard reload took out of the worker's control. */
const windows = () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function tell(news: UpdateNews): Promise<void> {
  for (const page of await windows()) page.postMessage(news);
}

const tellState = async (deferred?: ApplyDeferral) =>
  tell({ tag: UPDATE_MESSAGE, type: 'state', state: await readState(), deferred });

const sha256 = async (bytes: ArrayBuffer | Uint8Array) =>
  hexOf(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));

/** The server's headers a stored file keeps: its type and the security headers, nothing that acts (Refresh, Link, cookies). */
const KEPT_HEADERS = [
  'content-type',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

async function download(path: string): Promise<{ bytes: ArrayBuffer; kept: Response }> {
  const response = await fetch(urlOf(path), { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}`);
  const bytes = await response.arrayBuffer();
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return { bytes, kept: new Response(bytes, { status: 200, headers }) };
}

/** Downloads and checks the build of `manifest` into its cache; what the check found. */
async function store(manifest: BuildManifest) {
  const outcome = await checkRelease(manifest, { download, sha256 });
  if (outcome.ok) {
    const cache = await caches.open(names.build(manifest.sha256));
    await Promise.all([...outcome.files].map(([path, response]) => cache.put(urlOf(path), response)));
    // About reads the manifest of the build it runs, not the server's newest.
    await cache.put(urlOf(BUILD_MANIFEST_FILE), Response.json(manifest));
  }
  return outcome;
}

const isStored = async (hash: string) =>
  (await (await caches.open(names.build(hash))).match(urlOf(BUILD_MANIFEST_FILE))) !== undefined;

/**
 * Looks for a build other than the one served; downloads, checks and stages it. A served build
 * whose stored copy is gone (the browser cleared it) is stored again when the server still has it.
 */
async function check(): Promise<void> {
  const answer = await fetch(urlOf(BUILD_MANIFEST_FILE), { cache: 'no-store' }).catch(() => undefined);
  const manifest = answer?.ok ? parseBuildManifest(await answer.json().catch(() => undefined)) : undefined;
  if (!manifest) return;
  const before = await readState();
  let state = afterOffer(before, manifest.sha256);
  if (state.current?.hash === manifest.sha256 && !(await isStored(manifest.sha256))) await store(manifest);
  if (isNewRelease(state, manifest.sha256))
    state = afterCheck(state, releaseOf(manifest), await store(manifest), refusalWords);
  // Most checks find nothing new: no write, no prune, no news (pages heard the state when they asked).
  if (JSON.stringify(state) === JSON.stringify(before)) return;
  await writeState(state);
  await tellState();
}

/** Installs the staged build the person accepted: asked by a page once Cairn is locked. */
async function apply(hash: string): Promise<void> {
  const state = await readState();
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
    const state = await readState();
    if (state.staged?.hash === request.hash) await writeState({ ...state, accepted: request.hash });
    return tellState();
  }
  return apply(request.hash);
}

/** The build file a request inside the scope asks for ("" is index.html), or undefined. */
function buildPath(request: Request): string | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return undefined;
  const path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  return path === '' ? 'index.html' : path;
}

const notStored = (why: string) =>
  new Response(why, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Once a build is stored, only its files are served: a page that is not one of them is refused
 * (nothing else the server holds runs as Cairn), and only source maps (read by developer tools)
 * and other data come from the server.
 */
async function serve(path: string, request: Request): Promise<Response> {
  const state = await readState().catch(() => undefined);
  const current = state?.current;
  if (!current) return fetch(request);
  const cached = await (await caches.open(names.build(current.hash))).match(urlOf(path));
  if (cached) return cached;
  if (request.mode === 'navigate')
    return notStored(`Not part of the Cairn build this browser keeps (${current.version}, ${current.hash}).`);
  if (isSourceMap(path) || request.destination === '') return fetch(request);
  return notStored('Not part of the Cairn build this browser keeps.');
}

worker.addEventListener('install', (event) => {
  // The first build is stored now; a new sw.js keeps serving the build already accepted.
  event.waitUntil(
    serially(check)
      .catch(() => undefined)
      .finally(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    worker.clients
      .claim()
      .then(() => tellState())
      .catch(() => undefined),
  );
});

worker.addEventListener('fetch', (event) => {
  const path = buildPath(event.request);
  if (path !== undefined) event.respondWith(serve(path, event.request));
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
