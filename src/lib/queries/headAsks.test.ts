import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localNetwork, type Network } from '@/core/chain/networks';
import { fakeSockets, goLive, headNotice } from '@/testing/fakeHeadSocket';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { chainHeadQuery, headFeedOf } from './chainQueries';
import { setHeadSocketOpener } from './headFeeds';

describe('the head query told of blocks by a socket', () => {
  afterEach(() => {
    setHeadSocketOpener(null);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks no more often than polling would, however fast the socket tells of blocks', async () => {
    vi.useFakeTimers();
    const sockets = fakeSockets();
    setHeadSocketOpener(sockets.open);
    const node = fakeSimulationNode(() => undefined, { chainId: 31337 });
    vi.stubGlobal('fetch', node.fetch);
    // A chain of quarter-second blocks, as Arbitrum's.
    const network: Network = { ...localNetwork('http://127.0.0.1:8545'), id: 'fast', blockTimeMs: 250 };
    const cache = new QueryClient();
    const stop = new QueryObserver(cache, chainHeadQuery(cache, network)).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    goLive(sockets.last(), 31337);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(headFeedOf(cache, network)?.live).toBe(true);
    const reads = () => node.asked.filter((a) => a.method === 'eth_getBlockByNumber').length;
    const before = reads();
    // Forty notices in ten seconds (and a chattering socket repeating them).
    for (let i = 0; i < 40; i++) {
      sockets.last().answer(headNotice(BigInt(100 + i)));
      sockets.last().answer(headNotice(BigInt(100 + i)));
      await vi.advanceTimersByTimeAsync(250);
    }
    const asked = reads() - before;
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(10_000 / 1_000 + 1);
    stop();
    cache.clear();
  });
});
