import type { ActivityStore } from '@/core/activity/activityStore';
import { createHistorySync, type HistorySync } from '@/core/activity/historySync';
import type { ApprovalStore } from '@/core/approvals/approvalStore';
import { holdBackgroundBatch } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { ExplorerConfig } from '@/core/explorer/config';
import type { SessionStore } from '@/core/session/sessionStore';

type HistoryStores = { activity: ActivityStore; approvals: ApprovalStore };

/**
 * A history sync wired to these stores and to the person's explorer for each network (read when a
 * sync starts, so a sync asked after a change of history source uses the new one). The sync code
 * loads on the first request, which comes only once the wallet is unlocked.
 */
export function startHistorySync(
  stores: HistoryStores,
  explorerOf: (networkId: string) => ExplorerConfig | undefined,
): HistorySync {
  return createHistorySync(async () => {
    const [{ syncAccounts }, { followAccounts }, { scanApprovals }, { chainClient }] = await Promise.all([
      import('@/core/activity/sync'),
      import('@/core/activity/followAccounts'),
      import('@/core/approvals/scanApprovals'),
      import('@/core/chain/client'),
    ]);
    const explorer = (network: Network) => {
      const config = explorerOf(network.id);
      return config ? { config } : undefined;
    };
    const deps = (network: Network) => ({
      client: chainClient(network, 'background'),
      network,
      store: stores.activity,
      explorer: explorer(network),
    });
    return {
      follow: (network, accounts, head, asking) => followAccounts(deps(network), accounts, head, asking),
      sync: (network, accounts, onProgress) => syncAccounts(deps(network), accounts, onProgress),
      scanApprovals: (network, account) =>
        scanApprovals(
          { client: chainClient(network, 'background'), store: stores.approvals, explorer: explorer(network) },
          account,
        ),
    };
  }, holdBackgroundBatch);
}

const windowSyncs = new WeakMap<ActivityStore, HistorySync>();

/**
 * This window's history sync, built the first time the unlocked wallet renders (this file comes with
 * its chunk, so the first screen carries none of it) and kept for the window's stores across locks.
 */
export function windowHistorySync(stores: HistoryStores, session: SessionStore): HistorySync {
  let sync = windowSyncs.get(stores.activity);
  if (!sync) {
    sync = startHistorySync(stores, (networkId) => session.getState().explorers[networkId]);
    windowSyncs.set(stores.activity, sync);
  }
  return sync;
}
