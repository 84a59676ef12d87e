import type { Address } from 'viem';
import type { ChainClient } from '../chain/client';
import { hasMulticall } from '../chain/multicallProbe';
import type { ExplorerConfig } from '../explorer/config';
import { type ApprovalContext, readApprovalContext } from './approvalContext';
import type { ApprovalStore } from './approvalStore';
import { type CurrentApproval, readCurrentApprovals } from './currentApprovals';
import { type ScanProgress, scanApprovals } from './scanApprovals';

export type AccountApprovals = {
  approvals: CurrentApproval[];
  context: ApprovalContext;
  /** The head the events were read up to. */
  head: bigint;
  /** The account never sent a transaction: nothing was searched (see scanApprovals). */
  neverSent: boolean;
};

/**
 * Where reading an account's approvals stands: scanning its events (blocks done of the range), then
 * reading which of them are in force and what they name (one or two batched reads, not measured).
 */
export type ApprovalsProgress = ({ step: 'scan' } & ScanProgress) | { step: 'state' };

/**
 * Everything the Approvals screen shows for one account: its approval events brought up to the
 * head (incrementally, from the store), which of them are in force now, and the tokens' labels,
 * the spenders' code and the times they were granted. `onProgress` hears each step.
 *
 * Errors: ChainError.
 */
export async function readAccountApprovals(
  client: ChainClient,
  store: ApprovalStore,
  owner: Address,
  explorer?: ExplorerConfig,
  onProgress?: (progress: ApprovalsProgress) => void,
): Promise<AccountApprovals> {
  const [scan, multicall] = await Promise.all([
    scanApprovals({ client, store, explorer: explorer ? { config: explorer } : undefined }, owner, {
      ...(onProgress ? { onProgress: (p: ScanProgress) => onProgress({ step: 'scan', ...p }) } : {}),
    }),
    // The network's one Multicall3 probe: asked only when no read has found it yet.
    hasMulticall(client),
  ]);
  onProgress?.({ step: 'state' });
  const approvals = scan.events.length === 0 ? [] : await readCurrentApprovals(client, owner, scan.events, multicall);
  const context = await readApprovalContext(client, approvals);
  return { approvals, context, head: scan.head, neverSent: scan.neverSent };
}
