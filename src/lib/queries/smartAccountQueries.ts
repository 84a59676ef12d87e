import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { readSmartAccountState } from '@/core/smartAccount/accountState';
import { runsEip7702 } from '@/core/smartAccount/support';
import { chainKeys } from './chainQueries';

export const smartAccountKeys = {
  all: (network: Network) => [...chainKeys.network(network), 'smart-account'] as const,
  /** Per block: an upgrade or undo shows at the block that mined it. */
  state: (network: Network, address: Address, block: bigint | undefined) =>
    [...smartAccountKeys.all(network), address.toLowerCase(), String(block ?? '')] as const,
  support: (network: Network) => [...chainKeys.network(network), 'eip-7702'] as const,
};

/** Whether an account is plain, upgraded to Cairn's delegate, delegated elsewhere or a contract (one eth_getCode per block asked). */
export function smartAccountStateQuery(network: Network, address: Address, block: bigint | undefined) {
  return queryOptions({
    queryKey: smartAccountKeys.state(network, address, block),
    queryFn: () => readSmartAccountState(chainClient(network), address),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** Whether the network runs EIP-7702 with Cairn's delegate in place: asked once per node and session. */
export function eip7702SupportQuery(network: Network) {
  return queryOptions({
    queryKey: smartAccountKeys.support(network),
    queryFn: () => runsEip7702(chainClient(network), network.chainId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
