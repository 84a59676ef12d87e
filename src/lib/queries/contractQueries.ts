import { queryOptions } from '@tanstack/react-query';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { type FunctionRead, readFunction } from '@/core/contracts/readFunction';
import { chainKeys } from './chainQueries';

export const contractKeys = {
  read: (network: Network, read: FunctionRead) =>
    [
      ...chainKeys.network(network),
      'contract-read',
      read.address.toLowerCase(),
      read.data,
      read.from?.toLowerCase(),
    ] as const,
};

/** A contract's read function called through the person's node, its answer decoded (read on request). */
export function functionReadQuery(network: Network, read: FunctionRead) {
  return queryOptions({
    queryKey: contractKeys.read(network, read),
    queryFn: () =>
      readFunction(chainClient(network), read, network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined),
    retry: false,
  });
}
