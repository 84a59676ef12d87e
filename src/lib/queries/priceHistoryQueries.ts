import { queryOptions } from '@tanstack/react-query';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { RoundCache } from '@/core/prices/roundCache';
import { readRounds } from '@/core/prices/roundReader';
import { type FeedTimes, roundsAtTimes } from '@/core/prices/roundsAtTimes';
import { chainKeys } from './chainQueries';
import { knownMulticall } from './portfolioQueries';

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
    queryFn: () =>
      roundsAtTimes(
        {
          read: (requests) => readRounds(chainClient(network), requests, knownMulticall(network) ?? true),
          chainId: network.chainId,
          cache,
        },
        feeds,
      ),
    enabled: feeds.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
