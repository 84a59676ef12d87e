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

/** While the node fails, poll less and less often (up to every 30 s); the UI offers a retry. */
export function headRefetchInterval(network: Network, consecutiveFailures: number): number {
  const base = headPollIntervalMs(network);
  return consecutiveFailures === 0 ? base : Math.min(base * 2 ** consecutiveFailures, 30_000);
}

export function chainHeadQuery(network: Network) {
  return queryOptions({
    queryKey: chainKeys.head(network),
    queryFn: () => readChainHead(chainClient(network), network),
    refetchInterval: (query) =>
      headRefetchInterval(network, query.state.status === 'error' ? query.state.fetchFailureCount : 0),
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}
