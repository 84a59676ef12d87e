import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ActivityStore } from '@/core/activity/activityStore';
import type { ActivityItem } from '@/core/activity/item';
import type { Network } from '@/core/chain/networks';
import { useActivityStore } from '@/lib/stores/activity';
import { activityKeys } from './localKeys';

export function accountItemsQuery(store: ActivityStore, network: Network, account: Address | undefined) {
  return queryOptions({
    queryKey: activityKeys.account(network, account),
    queryFn: async (): Promise<ActivityItem[]> => (account ? store.items(network.chainId, account) : []),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The account's synced history on a network, as stored. */
export function useAccountItems(network: Network, account: Address | undefined) {
  const store = useActivityStore();
  return useQuery(accountItemsQuery(store, network, account));
}
