import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { approvalId } from '@/core/approvals/approvalRows';
import type { CurrentApproval } from '@/core/approvals/currentApprovals';
import { revokeCallFor } from '@/core/approvals/revokeCall';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { approvalKeys } from './approvalKeys';

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
