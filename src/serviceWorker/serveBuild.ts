// Serving Cairn's files from the build the worker keeps, one way for a signed worker and an
// unsigned one alike: a file is served only when its bytes, read from the cache now, match the
// hash the checked manifest gives it, and with Cairn's own type and security headers, not any
// stored beside it, so what a page's script wrote into the cache is never served. The two differ
// only in what vouches for the manifest (trustedBuilds.ts): the publisher's signature, or for an
// unsigned worker its list adding up to its build hash.
import { BUILD_MANIFEST_FILE, type BuildManifest, isSourceMap, notLoadedByCairn } from '../core/build/buildManifest';
import { fileMatches } from '../core/build/releaseCheck';
import { contentTypeOf, securityHeadersFor } from '../core/build/securityHeaders';
import { sha256HexOf } from '../core/bytes';
import { checkedManifest, storedState } from './trustedBuilds';
import { names, urlOf } from './workerScope';

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

/** One file of the build from the server, and the response the worker stores for it. */
export async function download(path: string): Promise<{ bytes: ArrayBuffer; kept: Response }> {
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

/** An answer with no file, only its status (the worker has no words of its own to show). */
const noFile = (status: 404 | 503) => new Response(null, { status });

/** A file of the checked build, with its type and Cairn's security headers. */
const respond = (path: string, body: BodyInit) =>
  new Response(body, { status: 200, headers: { ...securityHeadersFor(path), 'Content-Type': contentTypeOf(path) } });

/**
 * What is served for a path the kept build does not hold (nor keeps: the extension's files):
 * refused, except source maps and data (a download of the extension's zip), from the server.
 */
function notInBuild(request: Request, path: string): Promise<Response> {
  if (request.mode !== 'navigate' && (isSourceMap(path) || request.destination === '')) return fetch(request);
  return Promise.resolve(noFile(404));
}

/**
 * The stored copy of `path` if it is that file of `manifest`; else the server's, if that one is
 * (stored again in its place); else undefined.
 */
async function checkedFile(manifest: BuildManifest, path: string): Promise<ArrayBuffer | undefined> {
  const cache = await caches.open(names.build(manifest.sha256));
  const stored = await cache.match(urlOf(path));
  const bytes = stored ? await stored.arrayBuffer() : undefined;
  if (bytes && (await fileMatches(manifest, path, bytes, sha256HexOf))) return bytes;
  const fresh = await download(path).catch(() => undefined);
  if (!fresh || !(await fileMatches(manifest, path, fresh.bytes, sha256HexOf))) return undefined;
  await cache.put(urlOf(path), fresh.kept).catch(() => undefined);
  return fresh.bytes;
}

/**
 * Once a build is kept, only its files are served: a page that is not one of them is refused
 * (nothing else the server holds runs as Cairn), and only source maps (read by developer tools)
 * and other data come from the server. Without a build the worker vouches for (a first visit, or
 * a state it did not write or cannot read), the server answers, and `untrusted` is called to set
 * things right. Should the Cache API itself fail, the server answers.
 */
export async function serve(path: string, request: Request, untrusted: () => void): Promise<Response> {
  const stored = await storedState().catch(() => 'failed' as const);
  if (stored === 'failed') return fetch(request);
  const hash = stored?.current;
  const manifest = hash ? await checkedManifest(hash, 'serve').catch(() => undefined) : undefined;
  if (!manifest) {
    if (!stored || hash) untrusted();
    return fetch(request);
  }
  if (path === BUILD_MANIFEST_FILE) return respond(path, JSON.stringify(manifest));
  if (manifest.files[path] === undefined || notLoadedByCairn(path)) return notInBuild(request, path);
  const bytes = await checkedFile(manifest, path);
  return bytes ? respond(path, bytes) : noFile(503);
}
