/**
 * Where Cairn may use plain http (and ws): only this computer, named as `localhost` or
 * `127.0.0.1`. The page's Content-Security-Policy (`connect-src`, built in
 * src/core/build/securityHeaders.ts from this list) refuses plain http to any other host, so every
 * URL a person saves is checked against the same list and refused with a sentence rather than
 * failing later.
 *
 * `[::1]` is not in the list: CSP host sources cannot name an IPv6 address (Chromium ignores
 * `http://[::1]:*` as an invalid source), so the browser would block it whatever Cairn accepts.
 */
export const PLAIN_HTTP_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/** True for an http: or ws: URL to localhost or 127.0.0.1 (any port). */
export function isLocalPlainUrl(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'ws:') && PLAIN_HTTP_HOSTS.includes(url.hostname);
}
