import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_RPC_URL } from '@/core/chain/localChain';
import { localOpRpcUrlsFromPage, localRpcUrlsFromPage } from './runtimeConfig';

function pageWith(content: string | null): Document {
  return {
    querySelector: () => (content === null ? null : { getAttribute: () => content }),
  } as unknown as Document;
}

describe('local RPC URL from the page', () => {
  it('reads a loopback URL written by the local server', () => {
    expect(localRpcUrlsFromPage(pageWith('http://127.0.0.1:40123'))).toEqual(['http://127.0.0.1:40123']);
    expect(localRpcUrlsFromPage(pageWith('http://localhost:8545/'))).toEqual(['http://localhost:8545']);
  });

  it('falls back to the default for anything else', () => {
    expect(localRpcUrlsFromPage(pageWith(null))).toEqual([DEFAULT_LOCAL_RPC_URL]);
    expect(localRpcUrlsFromPage(pageWith('not a url'))).toEqual([DEFAULT_LOCAL_RPC_URL]);
    expect(localRpcUrlsFromPage(pageWith('https://evil.example/rpc'))).toEqual([DEFAULT_LOCAL_RPC_URL]);
    expect(localRpcUrlsFromPage(pageWith('javascript:alert(1)'))).toEqual([DEFAULT_LOCAL_RPC_URL]);
    // The page's CSP cannot name an IPv6 address, so a node at [::1] could never be reached.
    expect(localRpcUrlsFromPage(pageWith('http://[::1]:8545'))).toEqual([DEFAULT_LOCAL_RPC_URL]);
  });

  it('reads the node listed twice, and refuses the list if any URL is not loopback', () => {
    expect(localRpcUrlsFromPage(pageWith('http://127.0.0.1:8545 http://127.0.0.1:8546'))).toEqual([
      'http://127.0.0.1:8545',
      'http://127.0.0.1:8546',
    ]);
    expect(localRpcUrlsFromPage(pageWith('http://127.0.0.1:8545 https://evil.example/rpc'))).toEqual([
      DEFAULT_LOCAL_RPC_URL,
    ]);
  });
});

describe("the local OP chain's RPC URLs from the page", () => {
  it('reads loopback URLs where the server runs an OP chain, and none otherwise', () => {
    expect(localOpRpcUrlsFromPage(pageWith('http://127.0.0.1:9545 http://127.0.0.1:9546'))).toEqual([
      'http://127.0.0.1:9545',
      'http://127.0.0.1:9546',
    ]);
    expect(localOpRpcUrlsFromPage(pageWith(null))).toEqual([]);
    expect(localOpRpcUrlsFromPage(pageWith(''))).toEqual([]);
    expect(localOpRpcUrlsFromPage(pageWith('http://127.0.0.1:9545 https://evil.example/rpc'))).toEqual([]);
  });
});
