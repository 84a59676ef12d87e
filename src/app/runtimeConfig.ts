import { DEFAULT_LOCAL_RPC_URL } from '@/core/chain/localChain';
import { PLAIN_HTTP_HOSTS } from '@/core/chain/plainHttp';

/** A loopback http(s) URL without its trailing slash, or undefined. */
function loopbackUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    const loopback = PLAIN_HTTP_HOSTS.includes(url.hostname);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && loopback) return url.toString().replace(/\/$/, '');
  } catch {
    // not a URL
  }
  return undefined;
}

/**
 * The local chain's RPC URLs. The server that runs the local chain (`npm start`, the test
 * harness) writes them into a <meta> tag of index.html, separated by spaces (`npm start` lists
 * its node twice, directly and through a second port, so the local chain's balances are checked
 * by agreement); any other static host serves the built default. Only http(s) URLs on a loopback
 * host are accepted, so a tampered page cannot point "Local chain" at a remote node: if any is
 * another, the default stands.
 */
export function localRpcUrlsFromPage(doc: Document): string[] {
  const content = doc.querySelector('meta[name="cairn-local-rpc-url"]')?.getAttribute('content') ?? '';
  const urls = content.split(/\s+/).filter(Boolean).map(loopbackUrl);
  if (urls.length === 0 || urls.some((url) => url === undefined)) return [DEFAULT_LOCAL_RPC_URL];
  return urls as string[];
}

/**
 * The local OP chain's RPC URLs, when the server runs one beside the local chain (`npm start`, the
 * tests that ask for it); none otherwise, and none if any URL is not on a loopback host.
 */
export function localOpRpcUrlsFromPage(doc: Document): string[] {
  const content = doc.querySelector('meta[name="cairn-local-op-rpc-url"]')?.getAttribute('content') ?? '';
  const urls = content.split(/\s+/).filter(Boolean).map(loopbackUrl);
  return urls.some((url) => url === undefined) ? [] : (urls as string[]);
}

/** True when the page is served together with the embedded local chain (`npm start`, tests). */
export function isDevchainPage(doc: Document): boolean {
  return doc.querySelector('meta[name="cairn-devchain"]')?.getAttribute('content') === '1';
}
