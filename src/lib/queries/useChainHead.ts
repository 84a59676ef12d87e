import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Network } from '@/core/chain/networks';
import type { Attention } from '@/core/chain/refreshPolicy';
import { type BackgroundHeadPace, backgroundHeadQuery, chainHeadQuery } from '@/lib/queries/chainQueries';

/**
 * The network node's latest block, shared by every reader and asked about once per block, with the
 * chain id checked when the connection was made (chainHeadQuery). A reader following the network
 * in the background asks only now and then (at `pace`), and opens no socket (backgroundHeadQuery).
 */
export function useChainHead(network: Network, attention: Attention = 'working', pace?: BackgroundHeadPace) {
  const cache = useQueryClient();
  return useQuery(attention === 'working' ? chainHeadQuery(cache, network) : backgroundHeadQuery(cache, network, pace));
}
