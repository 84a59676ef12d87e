import { queryOptions } from '@tanstack/react-query';
import { type Address, zeroAddress } from 'viem';
import { readNativeBalances } from '@/core/assets/nativeBalances';
import { readTokenBalances } from '@/core/assets/tokenBalances';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { chainKeys } from './chainQueries';

export const balanceKeys = {
  native: (network: Network, addresses: readonly Address[]) =>
    [...chainKeys.network(network), 'native-balances', ...addresses] as const,
  tokens: (network: Network, owner: Address, tokens: readonly Address[]) =>
    [...chainKeys.network(network), 'token-balances', owner, ...tokens] as const,
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

/** One owner's balances of a few tokens, in one HTTP request naming that owner only (see readTokenBalances). */
export function tokenBalancesQuery(network: Network, owner: Address | undefined, tokens: readonly Address[]) {
  return queryOptions({
    queryKey: balanceKeys.tokens(network, owner ?? zeroAddress, tokens),
    queryFn: () => readTokenBalances(chainClient(network), owner ?? zeroAddress, tokens),
    enabled: owner !== undefined && tokens.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}
