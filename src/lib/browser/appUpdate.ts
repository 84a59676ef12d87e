import { create } from 'zustand';
import {
  type ApplyDeferral,
  isSigning,
  isUpdateNews,
  SERVICE_WORKER_FILE,
  type Signing,
  UPDATE_MESSAGE,
  type UpdateRequest,
  type UpdateState,
} from '@/core/build/updateProtocol';
import { isForeignRegistration } from '@/core/build/workerUrls';
import { workerScriptUrl } from './trustedScriptUrl';

/**
 * This page's view of Cairn's service worker (src/serviceWorker): the build it serves, a newer one
 * it has staged or refused, whether it serves only signed builds (and by which key), and whether
 * the person put the prompt aside for now.
 */
export type AppUpdateView = {
  /** Cairn's service worker runs for this page's folder and told this page its state (production builds on a secure page). */
  active: boolean;
  /**
   * A service worker controls this page, so its requests go through the worker. Not after a hard
   * reload, nor on a first visit until the new worker claims the page: such a page came from the
   * server, though the worker runs and tells it its state.
   */
  controlled: boolean;
  state: UpdateState;
  deferred?: ApplyDeferral | undefined;
  /** The worker's publisher key, or that it runs unsigned (undefined from workers before signed builds). */
  signing?: Signing | undefined;
  /** What the person set aside until the page reloads: a staged or refused build's hash ("Not now"), or the unsigned notice. */
  setAside?: string | undefined;
};

/** What `setAside` holds once the person dismissed the notice that the build is unsigned. */
export const UNSIGNED_NOTICE = 'unsigned';

export const appUpdateStore = create<AppUpdateView>(() => ({ active: false, controlled: false, state: {} }));

/** How often an open Cairn asks the server for a newer build (also at start and when the network returns). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

async function send(action: 'check'): Promise<void>;
async function send(action: 'accept' | 'apply', hash: string): Promise<void>;
async function send(action: UpdateRequest['action'], hash?: string): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  worker?.postMessage({ tag: UPDATE_MESSAGE, action, hash });
}

export const acceptUpdate = (hash: string) => send('accept', hash);
/** Asks the worker to install the accepted build: only once the vault is locked (it then reloads every page). */
export const applyUpdate = (hash: string) => send('apply', hash);
export const setUpdateAside = (hash: string) => appUpdateStore.setState({ setAside: hash });

/**
 * Registers the service worker and follows what it says. Only the built app registers it (the
 * development server has no sw.js); the page works the same without it, only not offline.
 * `lock` locks the vault session: done again before every page starts afresh on a new build.
 */
export function startServiceWorker(lock: () => Promise<void>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const followController = () => appUpdateStore.setState({ controlled: container.controller !== null });
  followController();
  container.addEventListener('controllerchange', followController);
  container.addEventListener('message', ({ data }) => {
    if (!isUpdateNews(data)) return;
    // The accepted build is installed: every Cairn page starts afresh on it, never under unlocked keys.
    if (data.type === 'reload') void lock().finally(() => location.reload());
    else
      appUpdateStore.setState({
        active: true,
        state: data.state,
        deferred: data.deferred,
        signing: isSigning(data.signing) ? data.signing : undefined,
      });
  });
  // A worker a hostile server or script registered for a scope inside Cairn's folder (dapp.html,
  // assets/) would take those pages or workers from Cairn's own: it goes (core/build/workerUrls.ts).
  const ownScope = new URL('./', document.baseURI).href;
  void container
    .getRegistrations()
    .then((registrations) =>
      Promise.all(registrations.filter((r) => isForeignRegistration(r.scope, ownScope)).map((r) => r.unregister())),
    )
    .catch(() => undefined);
  container
    .register(workerScriptUrl(new URL(SERVICE_WORKER_FILE, document.baseURI)), { scope: './', updateViaCache: 'none' })
    .then(() => send('check'))
    .catch(() => undefined);
  setInterval(() => void send('check').catch(() => undefined), CHECK_EVERY_MS);
  window.addEventListener('online', () => void send('check').catch(() => undefined));
}
