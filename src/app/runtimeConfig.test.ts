import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_RPC_URL } from '@/core/chain/localChain';
import { localRpcUrlFromPage } from './runtimeConfig';

function pageWith(content: string | null): Document {
  return {
    querySelector: () => (content === null ? null : { getAttribute: () => content }),
  } as unknown as Document;
}

describe('local RPC URL from the page', () => {
  it('reads a loopback URL written by the local server', () => {
    expect(localRpcUrlFromPage(pageWith('http://127.0.0.1:40123'))).toBe('http://127.0.0.1:40123');
    expect(localRpcUrlFromPage(pageWith('http://localhost:8545/'))).toBe('http://localhost:8545');
  });

  it('falls back to the default for anything else', () => {
    expect(localRpcUrlFromPage(pageWith(null))).toBe(DEFAULT_LOCAL_RPC_URL);
    expect(localRpcUrlFromPage(pageWith('not a url'))).toBe(DEFAULT_LOCAL_RPC_URL);
    expect(localRpcUrlFromPage(pageWith('https://evil.example/rpc'))).toBe(DEFAULT_LOCAL_RPC_URL);
    expect(localRpcUrlFromPage(pageWith('javascript:alert(1)'))).toBe(DEFAULT_LOCAL_RPC_URL);
    // The page's CSP cannot name an IPv6 address, so a node at [::1] could never be reached.
    expect(localRpcUrlFromPage(pageWith('http://[::1]:8545'))).toBe(DEFAULT_LOCAL_RPC_URL);
  });
});
