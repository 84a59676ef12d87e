import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { getBalance } from 'viem/actions';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { toChainError } from '@/core/chain/toChainError';
import { chainKeys } from './chainQueries';

export const balanceKeys = {
  native: (network: Network, addresses: readonly Address[]) =>
    [...chainKeys.network(network), 'native-balances', ...addresses] as const,
};

/**
 * Native balances of several addresses. The requests are issued together and the client's
 * JSON-RPC batching sends them as one HTTP request.
 */
export function nativeBalancesQuery(network: Network, addresses: readonly Address[]) {
  return queryOptions({
    queryKey: balanceKeys.native(network, addresses),
    queryFn: async () => {
      try {
        const client = chainClient(network);
        const balances = await Promise.all(addresses.map((address) => getBalance(client, { address })));
        return new Map(addresses.map((address, i) => [address, balances[i] ?? 0n]));
      } catch (error) {
        throw toChainError(error);
      }
    },
    enabled: addresses.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}
