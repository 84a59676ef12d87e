// Cairn's Content-Security-Policy, defined once for the built index.html (<meta>) and for the
// servers that can also send headers (`npm start`, the test harness). Scripts and styles only
// from Cairn's own origin; no eval, no plugins, no framing. WebAssembly may be compiled
// ('wasm-unsafe-eval', which allows no JavaScript eval): the keystore worker's scrypt is a
// WebAssembly module from Cairn's own bundle. Connections may go to any https or
// wss URL because the user chooses their own nodes and explorer, but plain http and ws only to
// this computer (localhost or 127.0.0.1, any port), the same hosts the settings accept
// (src/core/chain/plainHttp.ts): nothing can be sent unencrypted across a network. Images:
// Cairn's own, data: URIs (on-chain NFT art) and blob: URLs of NFT media Cairn fetched itself from
// a source the user allowed — never a remote URL handed straight to <img>.
import { PLAIN_HTTP_HOSTS } from '../src/core/chain/plainHttp.ts';

const localPlain = PLAIN_HTTP_HOSTS.flatMap((host) => [`http://${host}:*`, `ws://${host}:*`]).join(' ');

const directives: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'none'",
  'connect-src': `'self' https: wss: ${localPlain}`,
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
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

/** Headers every Cairn server sends with the app. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': headerContentSecurityPolicy,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()',
};
