import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Network } from '@/core/chain/networks';
import { chainHeadQuery } from '@/lib/queries/chainQueries';

/**
 * The network node's latest block, shared by every reader and asked about once per block, with the
 * chain id checked when the connection was made (chainHeadQuery).
 */
export function useChainHead(network: Network) {
  return useQuery(chainHeadQuery(useQueryClient(), network));
}
