/**
 * build-manifest.json, written beside index.html by every production build: the SHA-256 of every
 * other file of the build, and the build hash, the SHA-256 of their listing as `sha256sum` prints
 * it (sorted by path in byte order), so anyone can recompute it from a copy (see docs/hosting.md). The
 * build writes it (scripts/build/buildHash.ts), Settings → About shows it, and the service worker
 * checks every file of a new build against it before offering the update. A signed build's
 * manifest also names the publisher key its sw.js carries and holds signatures of what it says
 * (buildSignature.ts); an unsigned build's has neither.
 */

import { isRecord } from '../text/guards.ts';

export const BUILD_MANIFEST_FILE = 'build-manifest.json';

export type BuildManifest = {
  /** Cairn's version (package.json) and short commit: what the update prompt names. */
  version: string;
  commit: string;
  /** The build hash. */
  sha256: string;
  /** Path relative to the page's folder → SHA-256 in hex. */
  files: Record<string, string>;
  /** The fingerprint of the publisher key this build's sw.js carries; absent in an unsigned build. */
  key?: string | undefined;
  /** Signatures of the build (buildSignature.ts) by the fingerprint of the key that made each. */
  signatures?: Record<string, string> | undefined;
};

/** A SHA-256 in hex, as build hashes, file hashes and key fingerprints are written. */
export const HEX_SHA256 = /^[0-9a-f]{64}$/;
/** An ECDSA P-256 signature as WebCrypto makes it (r and s, 64 bytes), in base64. */
const SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;
const VERSION = /^[0-9A-Za-z.+-]{1,40}$/;
const COMMIT = /^[0-9a-f]{4,40}$/;
/** A path inside the build's folder: no leading slash, no "..", no backslash, no query. */
export const BUILD_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.@+-]+(?:\/[\w.@+-]+)*$/;

/** The manifest in `json`, or undefined when it is not one (every hash and path checked). */
export function parseBuildManifest(json: unknown): BuildManifest | undefined {
  if (!isRecord(json) || typeof json.sha256 !== 'string' || !HEX_SHA256.test(json.sha256) || !isRecord(json.files))
    return undefined;
  const files: Record<string, string> = {};
  for (const [path, hash] of Object.entries(json.files)) {
    if (typeof hash !== 'string' || !HEX_SHA256.test(hash) || !BUILD_PATH.test(path)) return undefined;
    files[path] = hash;
  }
  // Shown in the update prompt: only what a version and a short commit can be, never the server's free text.
  const version = typeof json.version === 'string' && VERSION.test(json.version) ? json.version : 'unknown';
  const commit = typeof json.commit === 'string' && COMMIT.test(json.commit) ? json.commit : 'unknown';
  const manifest: BuildManifest = { version, commit, sha256: json.sha256, files };
  if (json.key === undefined) return manifest;
  if (typeof json.key !== 'string' || !HEX_SHA256.test(json.key)) return undefined;
  // Only signatures of the right form are kept: any other cannot be checked, so it signs nothing.
  const signatures: Record<string, string> = {};
  for (const [key, signature] of Object.entries(isRecord(json.signatures) ? json.signatures : {}))
    if (HEX_SHA256.test(key) && typeof signature === 'string' && SIGNATURE.test(signature)) signatures[key] = signature;
  return { ...manifest, key: json.key, signatures };
}

function compareBytes(a: string, b: string): number {
  const [x, y] = [new TextEncoder().encode(a), new TextEncoder().encode(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

/** The lines `sha256sum` prints for the files, sorted by path as `LC_ALL=C sort` sorts: what the build hash hashes. */
export function manifestListing(files: Readonly<Record<string, string>>): string {
  return Object.keys(files)
    .sort(compareBytes)
    .map((path) => `${files[path]}  ${path}\n`)
    .join('');
}

/** Source maps are read only by developer tools: the app never loads them, so they are not kept offline. */
export const isSourceMap = (path: string): boolean => path.endsWith('.map');

/** The companion extension (src/extension), built beside Cairn for people to install: Cairn never loads it. */
export const EXTENSION_DIR = 'extension/';
export const EXTENSION_ZIP = 'cairn-extension.zip';

/** Files of the build Cairn itself never loads: source maps (read by developer tools) and the extension. */
export const notLoadedByCairn = (path: string): boolean =>
  isSourceMap(path) || path.startsWith(EXTENSION_DIR) || path === EXTENSION_ZIP;

/** The files of the build a browser keeps to run Cairn offline: every file of the manifest Cairn loads. */
export const offlineFiles = (manifest: BuildManifest): string[] =>
  Object.keys(manifest.files).filter((path) => !notLoadedByCairn(path));
