import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ApprovalStore } from '@/core/approvals/approvalStore';
import type { Network } from '@/core/chain/networks';
import { chainKeys } from './chainQueries';
import { activityKeys } from './localKeys';

// Kept apart from approvalQueries (which loads the scan and the reads) so the app's background
// sync and Activity can refresh and read approvals without loading that code.

export const approvalKeys = {
  network: (network: Network) => [...chainKeys.network(network), 'approvals'] as const,
  account: (network: Network, owner: string | undefined) =>
    [...approvalKeys.network(network), owner?.toLowerCase()] as const,
};

/** The account's approval events as stored (the background sync scans them with the history). */
export function storedApprovalEventsQuery(network: Network, store: ApprovalStore, owner: Address | undefined) {
  return queryOptions({
    queryKey: activityKeys.approvalEvents(network, owner),
    queryFn: () => (owner ? store.events(network.chainId, owner) : Promise.resolve([])),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
