import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Network } from '@/core/chain/networks';
import { chainHeadQuery } from '@/lib/queries/chainQueries';

/** Live chain id and latest block of the network's node, polled about once per block. */
export function useChainHead(network: Network) {
  return useQuery(chainHeadQuery(useQueryClient(), network));
}
