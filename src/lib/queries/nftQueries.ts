import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ActivityItem } from '@/core/activity/item';
import { readHeldNfts } from '@/core/assets/nftHoldings';
import { chainClient } from '@/core/chain/client';
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
    queryFn: () => readHeldNfts(chainClient(network), account as Address, items ?? []),
    enabled: account !== undefined && items !== undefined,
    retry: false,
  });
}
