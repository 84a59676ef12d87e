import { DEFAULT_LOCAL_RPC_URL } from '@/core/chain/localChain';
import { PLAIN_HTTP_HOSTS } from '@/core/chain/plainHttp';

/**
 * The local chain's RPC URL. The server that runs the local chain (`npm start`, the test
 * harness) writes it into a <meta> tag of index.html; any other static host serves the built
 * default. Only http(s) URLs on a loopback host are accepted, so a tampered page cannot point
 * "Local chain" at a remote node.
 */
export function localRpcUrlFromPage(doc: Document): string {
  const content = doc.querySelector('meta[name="cairn-local-rpc-url"]')?.getAttribute('content') ?? '';
  try {
    const url = new URL(content);
    const loopback = PLAIN_HTTP_HOSTS.includes(url.hostname);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && loopback) return url.toString().replace(/\/$/, '');
  } catch {
    // fall through to the default
  }
  return DEFAULT_LOCAL_RPC_URL;
}

/** True when the page is served together with the embedded local chain (`npm start`, tests). */
export function isDevchainPage(doc: Document): boolean {
  return doc.querySelector('meta[name="cairn-devchain"]')?.getAttribute('content') === '1';
}
