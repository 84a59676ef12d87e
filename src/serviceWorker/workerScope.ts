// What every part of sw.js shares: the worker's global scope, the folder it serves, its caches'
// names, and the publisher keys built into it.
import { publisherKey, type TrustedKeys } from '../core/build/buildSignature';
import { type UpdateNews, updateCaches } from '../core/build/updateProtocol';
import { isOwnRegistration } from '../core/build/workerUrls';

// The parts of the service worker's global scope used here (the DOM library has no types for it).
export type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
export type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
export type PageClient = { url: string; type: string; postMessage(message: UpdateNews): void };
export type MessageFromPage = ExtendableEvent & { data: unknown; source: Partial<PageClient> | null };
/** A worker as the registration names it. */
type WorkerVersion = { state: string };
type WorkerScope = {
  /** The URL of this worker's script. */
  location: { href: string };
  registration: {
    scope: string;
    installing: WorkerVersion | null;
    waiting: WorkerVersion | null;
    unregister(): Promise<boolean>;
  };
  /** This worker itself (not in every browser). */
  serviceWorker?: WorkerVersion;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<PageClient[]>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageFromPage) => void): void;
};

export const worker = self as unknown as WorkerScope;
export const scope = new URL(worker.registration.scope);
export const urlOf = (path: string) => new URL(path, scope).href;
export const names = updateCaches(scope.href);
export const SITE_WINDOW = new URL('dapp.html', scope).pathname;

/**
 * Whether this worker runs as Cairn's own registration (sw.js for its own folder). Anything else
 * (Cairn's sw.js served under a name a hostile worker was registered by, or registered by a
 * script for a narrower scope) serves nothing, writes nothing and unregisters itself.
 */
export const ownRegistration = isOwnRegistration(worker.location.href, scope.href);

/** Set once this worker has activated (for browsers whose workers cannot see themselves). */
let activatedHere = false;
export const markActivated = (): void => {
  activatedHere = true;
};

/**
 * Whether a newer sw.js is installing or waiting beside this active worker. From then on the
 * newer one decides what is kept, and this one writes nothing: it may trust another key (the
 * honest worker replacing a hostile one, or a key handed over), and would drop what the new one stores.
 */
export function superseded(): boolean {
  const newer = worker.registration.installing ?? worker.registration.waiting;
  if (!newer) return false;
  const own = worker.serviceWorker;
  return own ? own.state === 'activated' || own.state === 'activating' : activatedHere;
}

/** The publisher key's SubjectPublicKeyInfo in base64, written in by the build ('' in an unsigned build). */
declare const __CAIRN_PUBLISHER_KEY__: string;
/** The keys before it while keys change (scripts/build/buildSigning.ts), the same way. */
declare const __CAIRN_PREVIOUS_KEYS__: readonly string[];

async function builtInKeys(): Promise<TrustedKeys> {
  const [publisher, ...previous] = await Promise.all(
    [__CAIRN_PUBLISHER_KEY__, ...__CAIRN_PREVIOUS_KEYS__].map(publisherKey),
  );
  const read = previous.filter((key) => key !== undefined);
  // The build refuses a key it cannot read (scripts/build/serviceWorkerBuild.ts); should one slip through,
  // this sw.js fails to install, and the browser keeps the worker it has.
  if (!publisher || read.length !== previous.length) throw new Error('sw.js carries a key it cannot read');
  return { publisher, previous: read };
}

/** The keys this sw.js carries, or undefined for an unsigned build. Rejects when one cannot be read. */
export const trustedKeys: Promise<TrustedKeys | undefined> = __CAIRN_PUBLISHER_KEY__
  ? builtInKeys()
  : Promise.resolve(undefined);
// Its rejection is met by whoever waits on it (installing fails on it).
trustedKeys.catch(() => undefined);
