import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { readNativeBalances } from '@/core/assets/nativeBalances';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { chainKeys } from './chainQueries';

export const balanceKeys = {
  native: (network: Network, addresses: readonly Address[]) =>
    [...chainKeys.network(network), 'native-balances', ...addresses] as const,
};

/** Native balances of several addresses, in one HTTP request (see readNativeBalances). */
export function nativeBalancesQuery(network: Network, addresses: readonly Address[]) {
  return queryOptions({
    queryKey: balanceKeys.native(network, addresses),
    queryFn: () => readNativeBalances(chainClient(network), addresses),
    enabled: addresses.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}
