import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { zeroAddress } from 'viem';
import { getBalance } from 'viem/actions';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChainHead } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import { headPollIntervalMs, localNetwork, type Network } from '@/core/chain/networks';
import { backgroundHeadPollMs, untilTick } from '@/core/chain/refreshPolicy';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { scriptQueryTimers } from '@/testing/scriptedTimers';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { backgroundHeadQuery, chainHeadQuery, headFeedOf, headWatchdogMs } from './chainQueries';
import { LINGER_MS } from './headFeeds';

const START = Date.now();
// Before any query exists: its timers are the script's.
const timers = scriptQueryTimers(START);

let chain: LocalChain;
beforeAll(async () => {
  // A chain of this file's own: no other file's blocks in the counts.
  chain = await startChain({ port: await findFreePort() });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterAll(async () => {
  vi.useRealTimers();
  await chain?.stop();
});

async function mine(): Promise<bigint> {
  const call = (method: string, params: unknown[]) =>
    fetch(chain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }).then(async (r) => ((await r.json()) as { result: { number: string } }).result);
  await call('evm_mine', []);
  return BigInt((await call('eth_getBlockByNumber', ['latest', false])).number);
}

type Follower = { cache: QueryClient; network: Network; stop(): void };
const followers: Follower[] = [];
afterEach(() => {
  for (const follower of followers.splice(0)) follower.stop();
});

/** One window's head query on the local chain behind `proxy`, followed as a screen would. */
function followHead(proxy: RpcFaultProxy, id: string, attention: 'working' | 'background' = 'working'): Follower {
  const cache = new QueryClient();
  const network: Network = { ...localNetwork(proxy.url), id };
  const query = attention === 'working' ? chainHeadQuery(cache, network) : backgroundHeadQuery(cache, network);
  const observer = new QueryObserver(cache, query);
  const unsubscribe = observer.subscribe(() => {});
  const stop = () => {
    unsubscribe();
    cache.clear();
  };
  const follower = { cache, network, stop };
  followers.push(follower);
  return follower;
}

/** The query's own state (an observer's result is brought up to date a moment later). */
const headState = (follower: Follower) =>
  follower.cache
    .getQueryCache()
    .find<ChainHead>({ queryKey: chainHeadQuery(follower.cache, follower.network).queryKey })?.state;
const idle = (follower: Follower) => headState(follower)?.fetchStatus === 'idle';
/** Lets what the query set off end (real I/O), with its clock still. */
const settled = (follower: Follower) => vi.waitFor(() => expect(idle(follower)).toBe(true), { timeout: 10_000 });

/** Runs the query's clock on by `ms`, a step at a time, each step's asks ended before the next. */
async function runFor(follower: Follower, ms: number, step = 250): Promise<void> {
  const end = timers.now + ms;
  while (timers.now < end) {
    timers.runUntil(Math.min(end, timers.now + step));
    await settled(follower);
  }
}

const shownBlock = (follower: Follower) => headState(follower)?.data?.blockNumber;
const live = (follower: Follower) =>
  vi.waitFor(() => expect(headFeedOf(follower.cache, follower.network)?.live).toBe(true), { timeout: 15_000 });

describe('the head query with the node’s newHeads subscription', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(chain.url);
  });
  afterAll(() => proxy.close());

  it('followed only in the background, opens no socket and asks once a minute; a working reader opens it', async () => {
    proxy.resetCounts();
    const follower = followHead(proxy, 'background', 'background');
    await settled(follower);
    await runFor(follower, 60_000, 1_000);
    // The first ask (its chain id and head) and one a minute later, whatever the blocks.
    expect(proxy.requests).toBeLessThanOrEqual(3);
    expect(proxy.sockets.opened).toBe(0);
    expect(headFeedOf(follower.cache, follower.network)?.live ?? false).toBe(false);
    const reader = new QueryObserver(follower.cache, chainHeadQuery(follower.cache, follower.network));
    const stopReading = reader.subscribe(() => {});
    await live(follower);
    expect(proxy.sockets.opened).toBe(1);
    stopReading();
  });

  it('followed only in the background, asks on its ticks, in one request with the reads due then', async () => {
    // Waits on real time alone: vi.waitFor would move the fake clock on, off the script's.
    const stillSettled = async (follower: Follower) => {
      for (let i = 0; i < 400 && !idle(follower); i++) await new Promise((done) => setTimeout(done, 25));
      expect(idle(follower)).toBe(true);
    };
    timers.runUntil(timers.now);
    const askedAt = timers.now;
    const follower = followHead(proxy, 'ticks', 'background');
    await stillSettled(follower);
    proxy.resetCounts();
    const tickIn = untilTick(backgroundHeadPollMs(follower.network), START + askedAt, START + askedAt);
    timers.runUntil(askedAt + tickIn - 1);
    await stillSettled(follower);
    expect(proxy.requests).toBe(0);
    // The tick: the head's ask waits in the network's background batch for the figures' read.
    timers.runUntil(timers.now + 1);
    const figures = getBalance(chainClient(follower.network, 'background'), { address: zeroAddress });
    await stillSettled(follower);
    await figures;
    expect(proxy.calls).toEqual({ eth_getBlockByNumber: 1, eth_getBalance: 1 });
    expect(proxy.requests).toBe(1);
  });

  it('asks for each new block when the socket tells of it, once', async () => {
    const follower = followHead(proxy, 'told');
    await settled(follower);
    await live(follower);
    await runFor(follower, 3_000);
    proxy.resetCounts();
    const block = await mine();
    // A second at most (an ask comes no sooner after the last than a poll would), far short of the
    // 30 s watchdog: only the socket's notice can have brought it.
    await vi.waitFor(() => expect(proxy.sockets.answers).toBe(1), { timeout: 10_000 });
    await runFor(follower, headPollIntervalMs(follower.network));
    expect(shownBlock(follower)).toBe(block);
    expect(proxy.calls).toEqual({ eth_getBlockByNumber: 1 });
    expect(proxy.requests).toBe(1);
    expect(proxy.sockets.answers).toBe(1);

    // A screen shown meanwhile (a new reader of the head) gets that block, with no ask of its own.
    await runFor(follower, 10_000);
    proxy.resetCounts();
    const reader = new QueryObserver(follower.cache, chainHeadQuery(follower.cache, follower.network));
    const stopReading = reader.subscribe(() => {});
    await settled(follower);
    expect(reader.getCurrentResult().data?.blockNumber).toBe(block);
    expect(proxy.requests).toBe(0);
    stopReading();
  });

  it('with no new block, a minute costs a watchdog poll or two; with the socket cut, polling takes over', async () => {
    const follower = followHead(proxy, 'idle');
    await settled(follower);
    await live(follower);
    await runFor(follower, 3_000);
    proxy.resetCounts();
    await runFor(follower, 60_000);
    const budget = 60_000 / (follower.network.blockTimeMs / 2);
    const quiet = proxy.requests;
    // The watchdog still polls (a socket may die without a word), and only that.
    expect(quiet).toBeGreaterThanOrEqual(1);
    expect(quiet).toBeLessThanOrEqual(Math.ceil(60_000 / headWatchdogMs(follower.network)));
    expect(quiet).toBeLessThanOrEqual(budget);
    // Nothing asked over the socket either: it only listens.
    expect(proxy.sockets.calls).toEqual({});

    // The socket cut (a node that stops serving WebSocket): the head is asked at once, then polled.
    proxy.allowSockets(false);
    await vi.waitFor(() => expect(headFeedOf(follower.cache, follower.network)?.live).toBe(false));
    await settled(follower);
    proxy.resetCounts();
    const block = await mine();
    await runFor(follower, 2_000);
    expect(shownBlock(follower)).toBe(block);
    await runFor(follower, 58_000);
    expect(proxy.requests).toBeGreaterThan(quiet * 5);
    expect(proxy.requests).toBeLessThanOrEqual(budget);

    // WebSocket back: the feed connects again by itself (a few seconds later) and polling slows.
    proxy.allowSockets(true);
    await live(follower);
    await runFor(follower, 3_000);
    proxy.resetCounts();
    await runFor(follower, 60_000);
    expect(proxy.requests).toBeLessThanOrEqual(quiet);
  });

  it('polls as before where the WebSocket is refused from the start, with no error', async () => {
    const refusing = await startRpcFaultProxy(chain.url);
    try {
      refusing.allowSockets(false);
      const follower = followHead(refusing, 'refused');
      await settled(follower);
      expect(headState(follower)?.status).toBe('success');
      const block = await mine();
      await runFor(follower, 2_000);
      expect(shownBlock(follower)).toBe(block);
      expect(headFeedOf(follower.cache, follower.network)?.live).toBe(false);
      expect(refusing.sockets.opened).toBe(1);
      refusing.resetCounts();
      await runFor(follower, 30_000);
      expect(refusing.requests).toBeGreaterThan(10);
      // The next try waits: a node with no WebSocket is not asked again and again.
      expect(refusing.sockets.opened).toBeLessThanOrEqual(1);
    } finally {
      await refusing.close();
    }
  });

  it('closes the old socket when the network’s WebSocket URL is changed', async () => {
    const other = await startRpcFaultProxy(chain.url);
    const cache = new QueryClient();
    try {
      const network: Network = { ...localNetwork(proxy.url), id: 'moved' };
      const before = new QueryObserver(cache, chainHeadQuery(cache, network)).subscribe(() => {});
      await vi.waitFor(() => expect(headFeedOf(cache, network)?.live).toBe(true), { timeout: 15_000 });
      // The screen renders again with the edited network: its head query is another one.
      const moved: Network = { ...network, wsUrl: other.url.replace(/^http/, 'ws') };
      const after = new QueryObserver(cache, chainHeadQuery(cache, moved)).subscribe(() => {});
      before();
      await vi.waitFor(() => expect(headFeedOf(cache, moved)?.live).toBe(true), { timeout: 15_000 });
      expect(other.sockets.opened).toBe(1);
      await vi.waitFor(() => expect(headFeedOf(cache, network)?.live).toBe(false), { timeout: LINGER_MS * 3 });
      after();
    } finally {
      cache.clear();
      await other.close();
    }
  });
});
