import { type Address, createPublicClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRound, roundAt } from '@/testing/feedRounds';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { feedAbi } from './feedAbi';
import { memoryRoundCache } from './roundCache';
import { readRounds } from './roundReader';
import { indexOf, phaseOf, type Round, roundIdOf } from './rounds';
import { roundsAtTimes } from './roundsAtTimes';

const url = localChainUrl();
const contracts = demoContractAddresses();
const direct = createPublicClient({ chain: hardhat, transport: http(url) });
async function latestOf(feed: Address): Promise<Round> {
  const [id, answer, , updatedAt] = await direct.readContract({
    address: feed,
    abi: feedAbi,
    functionName: 'latestRoundData',
  });
  return { id, answer, updatedAt: Number(updatedAt) };
}

describe('price feed rounds on the seeded chain', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('reads rounds through Multicall3 and as plain calls alike; a missing round reads as null', async () => {
    const client = chainClient({ ...localNetwork(url), id: 'rounds-read' });
    const ids = [roundIdOf(1, 1), roundIdOf(1, 10), roundIdOf(2, 1), roundIdOf(9, 1)];
    const viaMulticall = await readRounds(client, [{ feed: contracts.ETH_USD_FEED, ids }], true);
    const plain = await readRounds(client, [{ feed: contracts.ETH_USD_FEED, ids }], false);
    expect(plain).toEqual(viaMulticall);
    const read = (phase: number, index: number) =>
      viaMulticall.get(contracts.ETH_USD_FEED.toLowerCase())?.get(roundIdOf(phase, index)) as Round | null | undefined;
    expect(read(1, 1)?.answer).toBeGreaterThan(0n);
    // A missing round and a phase that never was: the feed says so (reverts with a reason).
    expect(read(1, 10)).toBeNull();
    expect(read(2, 1)?.updatedAt).toBeGreaterThan(read(1, 1)?.updatedAt ?? 0);
    expect(read(9, 1)).toBeNull();
  });

  it('finds the round in force at each time of the month across the phase change, as reading every round does', async () => {
    const feeds = [contracts.ETH_USD_FEED, contracts.DAI_USD_FEED];
    const latest = await Promise.all(feeds.map(latestOf));
    expect(latest.map((r) => phaseOf(r.id))).toEqual([2, 2]);
    const start = (latest[0] as Round).updatedAt - 30 * 86_400;
    const times = Array.from({ length: 30 * 8 + 1 }, (_, i) => start + i * 3 * 3600 + 17);
    proxy.resetCounts();
    const client = chainClient({ ...localNetwork(proxy.url), id: 'rounds-search' });
    const cache = memoryRoundCache();
    const deps = { read: (r: Parameters<typeof readRounds>[1]) => readRounds(client, r, true), chainId: 31337, cache };
    const found = await roundsAtTimes(
      deps,
      feeds.map((feed, i) => ({ feed, latest: latest[i] as Round, times })),
    );
    expect(found.requests).toBe(proxy.requests);
    expect(found.requests).toBeLessThanOrEqual(4);
    for (const [i, feed] of feeds.entries()) {
      const all = await everyRound(direct, feed);
      expect(all.some((r) => phaseOf(r.id) === 1 && indexOf(r.id) > 10)).toBe(true);
      for (const t of times) {
        const expected = roundAt(all, t);
        expect(found.rounds.get(feed.toLowerCase())?.get(t), `feed ${i} at ${t}`).toEqual(expected);
      }
    }
    // Drawn again: every round is known, nothing is read.
    proxy.resetCounts();
    const again = await roundsAtTimes(
      deps,
      feeds.map((feed, i) => ({ feed, latest: latest[i] as Round, times })),
    );
    expect(again.requests).toBe(0);
    expect(proxy.requests).toBe(0);
  });
});
