import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { HeadBlock } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { followSafeHistory, readSafeHistory, type SafeHistory } from '@/core/safe/safeHistory';
import { safeKeys } from './safeQueries';

export const safeHistoryKeys = {
  /** Every head's read of the Safe's own history. */
  all: (network: Network, safe: Address) => [...safeKeys.all(network), safe.toLowerCase(), 'history'] as const,
  /** The history up to one head (its number and hash). */
  at: (network: Network, safe: Address, head: HeadBlock | undefined) =>
    [...safeHistoryKeys.all(network, safe), String(head?.number ?? ''), head?.hash ?? ''] as const,
};

/** The history read furthest in `cache`, for any head, if any: the next read starts from it. */
function furthestRead(cache: QueryClient, network: Network, safe: Address): SafeHistory | undefined {
  let furthest: SafeHistory | undefined;
  for (const [, read] of cache.getQueriesData<SafeHistory>({ queryKey: safeHistoryKeys.all(network, safe) }))
    if (read && (furthest === undefined || read.to > furthest.to)) furthest = read;
  return furthest;
}

/**
 * The Safe's own history from its events up to `head`, the block the shared head brings: one
 * query per head, whose answer stands. The first reads the last SAFE_HISTORY_BLOCKS
 * (readSafeHistory); each later one starts from the furthest read the cache holds and reads only
 * the blocks after it (followSafeHistory: one eth_getLogs for a new block, none for the same
 * block). So an execution, or any block holding one of the Safe's events, shows at the head that
 * brings it, and nothing is read while no screen asks (no polling of its own). Meanwhile the last
 * head's answer is shown.
 */
export function safeHistoryQuery(cache: QueryClient, network: Network, safe: Address, head: HeadBlock | undefined) {
  return queryOptions({
    queryKey: safeHistoryKeys.at(network, safe, head),
    // Nothing is read before the head is known.
    queryFn: head
      ? () => {
          const previous = furthestRead(cache, network, safe);
          const client = chainClient(network);
          return previous ? followSafeHistory(client, safe, previous, head) : readSafeHistory(client, safe, head);
        }
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    placeholderData: (previous) => previous,
  });
}
