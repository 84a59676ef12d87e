import { queryOptions } from '@tanstack/react-query';
import { readChainHead } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import { headPollIntervalMs, type Network } from '@/core/chain/networks';

/** Query keys for chain data. Every key starts with the network and its RPC URLs, so editing a
 * network's URLs never serves data read from the old node. */
export const chainKeys = {
  network: (network: Network) => ['chain', network.id, network.chainId, network.rpcUrls.join(' ')] as const,
  head: (network: Network) => [...chainKeys.network(network), 'head'] as const,
};

export function chainHeadQuery(network: Network) {
  return queryOptions({
    queryKey: chainKeys.head(network),
    queryFn: () => readChainHead(chainClient(network), network),
    refetchInterval: headPollIntervalMs(network),
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}
