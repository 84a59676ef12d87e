import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ActivityItem } from '@/core/activity/item';
import { readHeldNfts } from '@/core/activity/nftHoldings';
import { chainClient } from '@/core/chain/client';
import { knownMulticall } from '@/core/chain/multicallProbe';
import type { Network } from '@/core/chain/networks';
import { activityKeys } from './localKeys';

/** The NFTs an account holds now, from its synced history (refreshed after each sync). */
export function heldNftsQuery(
  network: Network,
  account: Address | undefined,
  items: readonly ActivityItem[] | undefined,
) {
  return queryOptions({
    queryKey: activityKeys.nfts(network, account, items?.length),
    queryFn: () => {
      const client = chainClient(network);
      return readHeldNfts(client, account as Address, items ?? [], knownMulticall(client) === true);
    },
    enabled: account !== undefined && items !== undefined,
    retry: false,
    // Read again when a sync writes history (its invalidation) or brings items (the key's count),
    // not at each screen that shows them.
    staleTime: Number.POSITIVE_INFINITY,
    // When a sync brings items, the cards already shown stay while the new list is read (same
    // account and node only: the key differs in its item count alone).
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameButCount(previousQuery.queryKey, activityKeys.nfts(network, account, items?.length))
        ? previous
        : undefined,
  });
}

function sameButCount(key: readonly unknown[], next: readonly unknown[]): boolean {
  return key.length === next.length && next.slice(0, -1).every((part, i) => key[i] === part);
}
