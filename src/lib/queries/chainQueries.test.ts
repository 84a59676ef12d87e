import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainHead } from '@/core/chain/chainHead';
import { localNetwork } from '@/core/chain/networks';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { chainHeadQuery, chainKeys, currentHead, headRefetchInterval } from './chainQueries';

describe('chain head polling', () => {
  const network = localNetwork('http://127.0.0.1:8545');

  it('polls about once a block while the node answers', () => {
    expect(headRefetchInterval(network, 0)).toBe(1_000);
  });

  it('backs off while the node fails, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => headRefetchInterval(network, n))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('keys chain data by network and RPC URLs', () => {
    const other = { ...network, rpcUrls: ['http://127.0.0.1:9999'] };
    expect(chainKeys.head(network)).not.toEqual(chainKeys.head(other));
  });
});

describe('the shared head query', () => {
  const network = localNetwork('http://127.0.0.1:8545');
  afterEach(() => vi.unstubAllGlobals());

  it('asks the node once for every reader that polls before the next block is due, and per query cache', async () => {
    const node = fakeSimulationNode(() => undefined, { chainId: network.chainId });
    vi.stubGlobal('fetch', node.fetch);
    const cache = new QueryClient();
    for (let i = 0; i < 3; i++) await cache.fetchQuery({ ...chainHeadQuery(cache, network), staleTime: 0 });
    expect(node.asked.map((a) => a.method)).toEqual(['eth_chainId', 'eth_getBlockByNumber']);
    const other = new QueryClient();
    await other.fetchQuery(chainHeadQuery(other, network));
    // Its own ask; the connection (the client) is the same, so its chain id is known.
    expect(node.asked.map((a) => a.method).slice(2)).toEqual(['eth_getBlockByNumber']);
    // The next poll is due half a block time on: the network's second, at the least.
    const due = chainHeadQuery(cache, network).refetchInterval;
    expect(
      typeof due === 'function' && due(cache.getQueryCache().find({ queryKey: chainKeys.head(network) }) as never),
    ).toBeGreaterThan(500);
  });
});

describe('currentHead', () => {
  const network = localNetwork('http://127.0.0.1:8545');
  const head: ChainHead = {
    status: 'ok',
    chainId: 31337,
    blockNumber: 7n,
    block: {
      number: 7n,
      hash: `0x${'07'.repeat(32)}`,
      parentHash: `0x${'06'.repeat(32)}`,
      timestamp: 1_000n,
      gasLimit: 30_000_000n,
      gasUsed: 0n,
      baseFeePerGas: 1n,
    },
  };

  it('gives the head read within a block time, and nothing older (a window that was hidden)', () => {
    const cache = new QueryClient();
    expect(currentHead(cache, network)).toBeUndefined();
    cache.setQueryData(chainKeys.head(network), head, { updatedAt: Date.now() });
    expect(currentHead(cache, network)).toBe(head);
    cache.setQueryData(chainKeys.head(network), head, { updatedAt: Date.now() - network.blockTimeMs - 1 });
    expect(currentHead(cache, network)).toBeUndefined();
  });

  it('gives nothing while the head query has failed, even with an earlier block kept', async () => {
    const cache = new QueryClient();
    cache.setQueryData(chainKeys.head(network), head, { updatedAt: Date.now() });
    await cache
      .fetchQuery({ queryKey: chainKeys.head(network), queryFn: () => Promise.reject(new Error('down')), retry: false })
      .catch(() => undefined);
    expect(cache.getQueryData(chainKeys.head(network))).toBe(head);
    expect(currentHead(cache, network)).toBeUndefined();
  });
});
