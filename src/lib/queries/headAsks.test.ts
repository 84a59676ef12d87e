import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { type Hex, numberToHex, zeroAddress } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainHead } from '@/core/chain/chainHead';
import { localNetwork, type Network } from '@/core/chain/networks';
import { fakeSockets, goLive, headNotice } from '@/testing/fakeHeadSocket';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { chainHeadQuery, chainKeys, headFeedOf } from './chainQueries';
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

  it('asks again for a block the socket told of when the read it set off brings the block before it', async () => {
    vi.useFakeTimers();
    const sockets = fakeSockets();
    setHeadSocketOpener(sockets.open);
    const chain = movingChain(100n);
    vi.stubGlobal('fetch', chain.fetch);
    const network: Network = { ...localNetwork('http://127.0.0.1:8545'), id: 'lagging', blockTimeMs: 2_000 };
    const cache = new QueryClient();
    const stop = new QueryObserver(cache, chainHeadQuery(cache, network)).subscribe(() => {});
    const shown = () => cache.getQueryData<ChainHead>(chainKeys.head(network))?.blockNumber;
    await vi.advanceTimersByTimeAsync(10);
    goLive(sockets.last(), 31337);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(headFeedOf(cache, network)?.live).toBe(true);
    expect(shown()).toBe(100n);
    // The socket tells of block 101 before the HTTP node has it (a read on its way when the block
    // came, or a provider whose backends lag one another): the read it sets off brings 100.
    sockets.last().answer(headNotice(101n));
    await vi.advanceTimersByTimeAsync(100);
    expect(shown()).toBe(100n);
    chain.mine();
    // Asked again at the earliest a poll could be, not at the next watchdog (30 s on).
    await vi.advanceTimersByTimeAsync(2_500);
    expect(shown()).toBe(101n);
    stop();
    cache.clear();
  });
  it('asks once more, not on every poll, when the HTTP node stays behind a block the socket told of', async () => {
    vi.useFakeTimers();
    const sockets = fakeSockets();
    setHeadSocketOpener(sockets.open);
    const chain = movingChain(100n);
    vi.stubGlobal('fetch', chain.fetch);
    const network: Network = { ...localNetwork('http://127.0.0.1:8545'), id: 'behind', blockTimeMs: 2_000 };
    const cache = new QueryClient();
    const stop = new QueryObserver(cache, chainHeadQuery(cache, network)).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    goLive(sockets.last(), 31337);
    await vi.advanceTimersByTimeAsync(3_000);
    const before = chain.reads();
    // Told of block 200 (a chain the node was restarted under went back; or a node far behind).
    sockets.last().answer(headNotice(200n));
    await vi.advanceTimersByTimeAsync(20_000);
    // The read the notice set off, and one more; not one every 2 s.
    expect(chain.reads() - before).toBeLessThanOrEqual(3);
    stop();
    cache.clear();
  });
});

/** A node whose head moves when told. */
function movingChain(start: bigint) {
  let head = start;
  let reads = 0;
  const hash = (n: bigint): Hex => `0x${n.toString(16).padStart(64, '0')}`;
  const block = (n: bigint) => ({
    number: numberToHex(n),
    hash: hash(n),
    parentHash: hash(n - 1n),
    timestamp: numberToHex(1_000n + n),
    gasLimit: '0x1c9c380',
    gasUsed: '0x0',
    baseFeePerGas: '0x1',
    miner: zeroAddress,
    transactions: [],
  });
  type Call = { id: number; method: string };
  const one = (call: Call) => ({
    jsonrpc: '2.0',
    id: call.id,
    result: call.method === 'eth_chainId' ? '0x7a69' : block(head),
  });
  return {
    async fetch(_url: unknown, init: { body: string }): Promise<Response> {
      const body = JSON.parse(init.body) as Call | Call[];
      for (const call of [body].flat()) if (call.method === 'eth_getBlockByNumber') reads++;
      const answer = JSON.stringify(Array.isArray(body) ? body.map(one) : one(body));
      return new Response(answer, { headers: { 'Content-Type': 'application/json' } });
    },
    mine: () => {
      head += 1n;
    },
    reads: () => reads,
  };
}
