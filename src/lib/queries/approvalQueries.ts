import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ApprovalStore } from '@/core/approvals/approvalStore';
import type { AccountApprovals, ApprovalsProgress } from '@/core/approvals/readApprovals';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { ExplorerConfig } from '@/core/explorer/config';
import { approvalKeys } from './approvalKeys';
import { withQueryProgress } from './queryProgress';

/**
 * An account's approvals in force on the network, scanned incrementally (see readAccountApprovals).
 * How far the scan has got is read with `useQueryProgress<ApprovalsProgress>` under the same key.
 */
export function accountApprovalsQuery(
  network: Network,
  store: ApprovalStore,
  owner: Address | undefined,
  explorer: ExplorerConfig | undefined,
) {
  return queryOptions({
    queryKey: approvalKeys.account(network, owner),
    // The scan and the reads load with the first screen that asks (Home's counts, Approvals).
    queryFn: (context): Promise<AccountApprovals> =>
      withQueryProgress<AccountApprovals, ApprovalsProgress>(context, async (onProgress) => {
        const { readAccountApprovals } = await import('@/core/approvals/readApprovals');
        return readAccountApprovals(chainClient(network), store, owner as Address, explorer, onProgress);
      }),
    enabled: owner !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
