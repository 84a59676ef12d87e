import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { approvalId } from '@/core/approvals/approvalRows';
import type { ApprovalStore } from '@/core/approvals/approvalStore';
import type { CurrentApproval } from '@/core/approvals/currentApprovals';
import { readAccountApprovals } from '@/core/approvals/readApprovals';
import { revokeCallFor } from '@/core/approvals/revokeCall';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { chainKeys } from './chainQueries';

export const approvalKeys = {
  account: (network: Network, owner: string | undefined) =>
    [...chainKeys.network(network), 'approvals', owner?.toLowerCase()] as const,
};

/** An account's approvals in force on the network, scanned incrementally (see readAccountApprovals). */
export function accountApprovalsQuery(network: Network, store: ApprovalStore, owner: Address | undefined) {
  return queryOptions({
    queryKey: approvalKeys.account(network, owner),
    queryFn: () => readAccountApprovals(chainClient(network), store, owner as Address),
    enabled: owner !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The calls that revoke these approvals, each tried on the node first (see revokeCallFor). */
export function revokeCallsQuery(network: Network, owner: Address, approvals: readonly CurrentApproval[]) {
  return queryOptions({
    queryKey: [...approvalKeys.account(network, owner), 'revoke', approvals.map(approvalId)] as const,
    queryFn: () => Promise.all(approvals.map((a) => revokeCallFor(chainClient(network), owner, a))),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
