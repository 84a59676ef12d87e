import type { ActivityStore } from '@/core/activity/activityStore';
import { createHistorySync, type HistorySync } from '@/core/activity/historySync';
import type { ApprovalStore } from '@/core/approvals/approvalStore';
import type { Network } from '@/core/chain/networks';
import type { ExplorerConfig } from '@/core/explorer/config';

/**
 * The window's history sync, wired to its stores and to the person's explorer for each network (read
 * when a sync starts, so a sync asked after a change of history source uses the new one). The sync
 * code loads on the first request, which comes only once the wallet is unlocked.
 */
export function startHistorySync(
  stores: { activity: ActivityStore; approvals: ApprovalStore },
  explorerOf: (networkId: string) => ExplorerConfig | undefined,
): HistorySync {
  return createHistorySync(async () => {
    const [{ syncAccount }, { scanApprovals }, { chainClient }] = await Promise.all([
      import('@/core/activity/sync'),
      import('@/core/approvals/scanApprovals'),
      import('@/core/chain/client'),
    ]);
    const explorer = (network: Network) => {
      const config = explorerOf(network.id);
      return config ? { config } : undefined;
    };
    return {
      sync: (network, account, onProgress) =>
        syncAccount(
          { client: chainClient(network), network, store: stores.activity, explorer: explorer(network) },
          account,
          onProgress,
        ),
      scanApprovals: (network, account) =>
        scanApprovals({ client: chainClient(network), store: stores.approvals, explorer: explorer(network) }, account),
    };
  });
}
