import { queryOptions } from '@tanstack/react-query';
import { chainClient } from '@/core/chain/client';
import { hasMulticall } from '@/core/chain/multicallProbe';
import type { Network } from '@/core/chain/networks';
import type { RoundCache } from '@/core/prices/roundCache';
import { readRounds } from '@/core/prices/roundReader';
import {
  type FeedTimes,
  READS_PER_STEP_MULTICALL,
  READS_PER_STEP_PLAIN,
  roundsAtTimes,
} from '@/core/prices/roundsAtTimes';
import { chainKeys } from './chainQueries';

export const priceHistoryKeys = {
  roundsAt: (network: Network, feeds: readonly FeedTimes[]) =>
    [
      ...chainKeys.network(network),
      'rounds-at',
      feeds.map((f) => `${f.feed.toLowerCase()}@${f.latest.id}:${f.times.join(',')}`),
    ] as const,
};

/**
 * The Chainlink round in force at each time on each feed, read through the person's node (see
 * roundsAtTimes). Past rounds never change: the answer is kept for as long as the latest rounds
 * it started from are the latest.
 */
export function roundsAtTimesQuery(network: Network, feeds: readonly FeedTimes[], cache: RoundCache) {
  return queryOptions({
    queryKey: priceHistoryKeys.roundsAt(network, feeds),
    queryFn: async () => {
      const client = chainClient(network);
      // The network's one Multicall3 probe: the portfolio read before the chart has found it.
      const multicall = await hasMulticall(client);
      return roundsAtTimes(
        {
          read: (requests) => readRounds(client, requests, multicall),
          chainId: network.chainId,
          cache,
          readsPerStep: multicall ? READS_PER_STEP_MULTICALL : READS_PER_STEP_PLAIN,
        },
        feeds,
      );
    },
    enabled: feeds.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
