// What every part of sw.js shares: the worker's global scope, the folder it serves, its caches'
// names, and the publisher key built into it.
import { type PublisherKey, publisherKey } from '../core/build/buildSignature';
import { type UpdateNews, updateCaches } from '../core/build/updateProtocol';
import { hexOf } from '../core/bytes';

// The parts of the service worker's global scope used here (the DOM library has no types for it).
export type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
export type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
export type PageClient = { url: string; type: string; postMessage(message: UpdateNews): void };
export type MessageFromPage = ExtendableEvent & { data: unknown; source: Partial<PageClient> | null };
/** A worker as the registration names it. */
type WorkerVersion = { state: string };
type WorkerScope = {
  registration: { scope: string; installing: WorkerVersion | null; waiting: WorkerVersion | null };
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

export const sha256 = async (bytes: ArrayBuffer | Uint8Array) =>
  hexOf(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));

/** The publisher key's SubjectPublicKeyInfo in base64, written in by the build ('' in an unsigned build). */
declare const __CAIRN_PUBLISHER_KEY__: string;

/**
 * The publisher key this sw.js carries, or undefined for an unsigned build. A key the build wrote
 * in but that cannot be read signs nothing: the worker then takes no build at all, rather than
 * running unsigned.
 */
export const trustedKey: Promise<PublisherKey | undefined> = __CAIRN_PUBLISHER_KEY__
  ? publisherKey(__CAIRN_PUBLISHER_KEY__).then((key) => key ?? { spki: '', fingerprint: 'unreadable' })
  : Promise.resolve(undefined);
