import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChainHead } from '@/core/chain/chainHead';
import { localNetwork, type Network } from '@/core/chain/networks';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { scriptQueryTimers } from '@/testing/scriptedTimers';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { chainHeadQuery } from './chainQueries';
import { setHeadSocketOpener } from './headFeeds';

// The head query after the person changes a network's RPC URL to another node of the same chain,
// counted at that node: the chain's pace is the chain's, so the head is read once per block from
// the first block on, as before the change.

const START = Date.now();
const timers = scriptQueryTimers(START);
/** The pace blocks come at: slower than the local network's own block time (1 s), as the bench's. */
const BLOCK_MS = 5_000;

let chain: LocalChain;
let before: RpcFaultProxy;
let after: RpcFaultProxy;
beforeAll(async () => {
  // A chain of this file's own, its blocks stamped with the script's clock.
  chain = await startChain({ port: await findFreePort() });
  [before, after] = await Promise.all([startRpcFaultProxy(chain.url), startRpcFaultProxy(chain.url)]);
  // Polled, as a node the person chose with no WebSocket set is.
  setHeadSocketOpener(undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterAll(async () => {
  vi.useRealTimers();
  setHeadSocketOpener(null);
  await Promise.all([before?.close(), after?.close()]);
  await chain?.stop();
});

/** Mines a block stamped with the script's clock (a minute ahead of the node's genesis). */
async function mine(): Promise<void> {
  const timestamp = Math.floor((START + timers.now) / 1000) + 60;
  await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [timestamp] }),
  });
}

async function latest(): Promise<bigint> {
  const answer = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return BigInt(((await answer.json()) as { result: string }).result);
}

describe('the head query after a network’s RPC URL changes', () => {
  it('reads the head once per block from the first block on, as before the change', async () => {
    const cache = new QueryClient();
    const network: Network = { ...localNetwork(before.url), id: 'edited', rpcFrom: 'person' };
    const query = (of: Network) =>
      cache.getQueryCache().find<ChainHead>({ queryKey: chainHeadQuery(cache, of).queryKey });
    const idle = (of: Network) => vi.waitFor(() => expect(query(of)?.state.fetchStatus).toBe('idle'));
    /** Runs the clock on by `ms`, a quarter second at a time, each step's asks ended before the next. */
    const runFor = async (of: Network, ms: number) => {
      const end = timers.now + ms;
      while (timers.now < end) {
        timers.runUntil(Math.min(end, timers.now + 250));
        await idle(of);
      }
    };
    /** `count` blocks at the chain's pace, each followed until the next. */
    const blocks = async (of: Network, count: number) => {
      for (let i = 0; i < count; i++) {
        await mine();
        await runFor(of, BLOCK_MS);
      }
    };
    const headReads = (proxy: RpcFaultProxy) => proxy.calls.eth_getBlockByNumber ?? 0;

    const stopBefore = new QueryObserver(cache, chainHeadQuery(cache, network)).subscribe(() => {});
    await idle(network);
    // The window has followed the chain for a while: its pace is known.
    await blocks(network, 6);
    before.resetCounts();
    await blocks(network, 3);
    expect(headReads(before)).toBe(3);

    // Two seconds into a block the person saves another RPC URL: the screens render again with the
    // edited network, whose head query is another one (its key holds the URLs).
    await mine();
    await runFor(network, 2_000);
    const edited: Network = { ...network, rpcUrls: [after.url] };
    const stopAfter = new QueryObserver(cache, chainHeadQuery(cache, edited)).subscribe(() => {});
    stopBefore();
    await idle(edited);
    expect(headReads(after)).toBe(1);
    await runFor(edited, BLOCK_MS - 2_000);
    before.resetCounts();
    after.resetCounts();
    await blocks(edited, 4);
    expect(headReads(after)).toBe(4);
    expect(query(edited)?.state.data?.blockNumber).toBe(await latest());
    expect(before.requests).toBe(0);
    stopAfter();
    cache.clear();
  }, 60_000);
});
