// Cairn's Content-Security-Policy and the headers sent with every file of the build, defined once
// for the built index.html (<meta>, vite.config.ts), the servers that can send headers (`npm
// start`, the test harness, the hosting recipes in docs/hosting.md) and the service worker, which
// serves every kept file with these headers rather than any stored with it (src/serviceWorker).
//
// Scripts and styles only from Cairn's own origin (and one inline script, allowed by its hash); no eval, no WebAssembly, no plugins, no framing.
// One exception, as far as it is needed: the keystore worker's script, whose scrypt is a
// WebAssembly module from Cairn's own bundle, is sent with the same policy plus 'wasm-unsafe-eval'
// (which allows compiling WebAssembly, not JavaScript eval). A worker takes its policy from its
// own script's response, never from the page's, so the page and the vault worker cannot compile
// WebAssembly. Where the worker's script comes with the page's policy, Cairn falls back to scrypt
// in JavaScript (slower). Connections may go to any https or wss URL because the user chooses their
// own nodes and explorer, but plain http and ws only to this computer (localhost or 127.0.0.1, any
// port), the same hosts the settings accept (src/core/chain/plainHttp.ts): nothing can be sent
// unencrypted across a network. Images: Cairn's own, data: URIs (on-chain NFT art) and blob: URLs
// of NFT media Cairn fetched itself from a source the user allowed — never a remote URL handed
// straight to <img>. Trusted Types: no string reaches a script or HTML sink (script URLs,
// innerHTML, workers); the one policy a page may create makes script URLs of the build's own
// workers only (src/lib/browser/trustedScriptUrl.ts).
import { PLAIN_HTTP_HOSTS } from '../chain/plainHttp.ts';
import { FIRST_SCREEN_SCRIPT_HASH } from './firstScreenScript.ts';

/** The one Trusted Types policy Cairn's pages create: it makes the URLs of the build's own worker scripts. */
export const TRUSTED_TYPES_POLICY = 'cairn-worker-scripts';

/** A module worker's script as Vite names it after its source file, in the build's assets folder. */
const builtWorker = (name: string) => `assets/${name}\\.worker-[\\w-]+\\.js`;

/** The built keystore worker's path inside the site. */
export const KEYSTORE_WORKER_FILE = new RegExp(`^${builtWorker('keystore')}$`);

/**
 * The scripts of the build a page starts as workers (paths beside index.html): the service worker
 * and the vault's and keystore's workers.
 */
export const WORKER_SCRIPT = new RegExp(`^(?:sw\\.js|${builtWorker('vault')}|${builtWorker('keystore')})$`);

const localPlain = PLAIN_HTTP_HOSTS.flatMap((host) => [`http://${host}:*`, `ws://${host}:*`]).join(' ');

const directives: Record<string, string> = {
  'default-src': "'none'",
  // The one inline script, by its hash: it shows the pre-rendered first screen (firstScreenScript.ts).
  'script-src': `'self' ${FIRST_SCREEN_SCRIPT_HASH}`,
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'none'",
  'connect-src': `'self' https: wss: ${localPlain}`,
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'require-trusted-types-for': "'script'",
  'trusted-types': TRUSTED_TYPES_POLICY,
};

function serialize(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** The policy for a <meta http-equiv> tag (browsers ignore frame-ancestors there). */
export const metaContentSecurityPolicy = serialize(directives);

/** The policy for an HTTP header, which can also forbid framing. */
export const headerContentSecurityPolicy = serialize({ ...directives, 'frame-ancestors': "'none'" });

/** The policy for the keystore worker's script: the header policy, and WebAssembly for its scrypt. */
export const keystoreWorkerContentSecurityPolicy = serialize({
  ...directives,
  'script-src': "'self' 'wasm-unsafe-eval'",
  'frame-ancestors': "'none'",
});

/**
 * Powerful features: Cairn's own pages may use the camera (QR codes of signing devices) and WebHID
 * (a Ledger); nothing else, and no frame of another origin either.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(self)';

/** Headers every Cairn server sends with the app. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': headerContentSecurityPolicy,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** The page sites open Cairn in (src/app/dapp), next to index.html. */
export const DAPP_WINDOW_PAGE = 'dapp.html';

/**
 * The security headers for one file of the site (its path relative to the site's root). The dApp
 * window keeps its link to the site that opened it: `same-origin` would cut `window.opener`, the
 * only way the two can find each other (its messages are checked by origin and nonce instead).
 */
export function securityHeadersFor(path: string): Record<string, string> {
  if (KEYSTORE_WORKER_FILE.test(path))
    return { ...securityHeaders, 'Content-Security-Policy': keystoreWorkerContentSecurityPolicy };
  if (path === DAPP_WINDOW_PAGE) return { ...securityHeaders, 'Cross-Origin-Opener-Policy': 'unsafe-none' };
  return securityHeaders;
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  webmanifest: 'application/manifest+json',
};

/** The media type a file of the build is served as, by its name. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[/\.([^./]+)$/.exec(path)?.[1] ?? ''] ?? 'application/octet-stream';
}
