// The URLs Cairn's service worker answers for, and the registrations that are not Cairn's own.
// A server hostile once, or a script that ran once, can leave a service worker registered under
// another script URL (which keeps its registration when the repaired server answers 404), or for
// a narrower scope inside Cairn's folder (dapp.html, assets/: the longest scope takes a page, and
// a worker script is taken by the registration its URL falls in). Cairn's wallet page unregisters
// every such registration when it starts (lib/browser/appUpdate.ts; a site's window does not), and
// Cairn's sw.js unregisters itself when it runs under any script URL or scope but its own.
import { SERVICE_WORKER_FILE } from './updateProtocol';

/**
 * Whether a service worker running the script at `scriptUrl` for `scope` is Cairn's own
 * registration: sw.js, with no query, directly in the folder that is its scope.
 */
export function isOwnRegistration(scriptUrl: string, scope: string): boolean {
  return scope.endsWith('/') && scriptUrl === new URL(SERVICE_WORKER_FILE, scope).href;
}

/**
 * Whether a registration for `scope` could take pages or workers of the Cairn whose folder is
 * `ownScope` away from Cairn's own registration: one for a scope inside that folder. Copies of
 * Cairn side by side on one origin keep their own; a registration for a folder above Cairn's
 * never takes Cairn's pages while Cairn's own is registered, since the longest scope wins.
 */
export const isForeignRegistration = (scope: string, ownScope: string): boolean =>
  scope !== ownScope && scope.startsWith(ownScope);

/**
 * The build file a request inside `scope` asks for ("" is index.html), or undefined for one the
 * worker leaves alone (another origin or folder, not a GET). A path that cannot be decoded
 * (`%E0`) stays as it came, which no build lists: it is not part of the build.
 */
export function buildPathOf(method: string, url: string, scope: string): string | undefined {
  if (method !== 'GET') return undefined;
  const { origin, pathname } = new URL(url);
  const base = new URL(scope);
  if (origin !== base.origin || !pathname.startsWith(base.pathname)) return undefined;
  const raw = pathname.slice(base.pathname.length);
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  return path === '' ? 'index.html' : path;
}
