import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Address } from 'viem';
import type { ActivityStore } from '@/core/activity/activityStore';
import type { ApprovalStore } from '@/core/approvals/approvalStore';
import { chainClient } from '@/core/chain/client';
import { accountsToRead } from '@/core/chain/networkConfig';
import type { Network } from '@/core/chain/networks';
import type { ExplorerConfig } from '@/core/explorer/config';
import { setSyncStatus, syncRequests, syncStatusKey, useActivityStore } from '@/lib/activity';
import { useApprovalStore } from '@/lib/approvalStore';
import { approvalKeys } from '@/lib/queries/approvalKeys';
import { activityKeys } from '@/lib/queries/localKeys';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import { useVault } from '@/lib/vault';

const running = new Map<string, Promise<void>>();
/** A sync asked for while one ran (a new block, an explorer just set): it runs next, with what was asked last. */
const queued = new Map<string, () => Promise<void>>();

/**
 * Syncs one account on one network. One sync per account at a time; a request made while one
 * runs is not dropped but runs after it (with the settings of that request), so a change of
 * history source during a sync is not left for the next block.
 */
function syncOnce(
  stores: { activity: ActivityStore; approvals: ApprovalStore },
  network: Network,
  account: Address,
  explorer: ExplorerConfig | undefined,
  onWritten: () => void,
): Promise<void> {
  const key = syncStatusKey(network.id, account);
  const current = running.get(key);
  if (current) {
    queued.set(key, () => syncOnce(stores, network, account, explorer, onWritten));
    return current;
  }
  const store = stores.activity;
  const task = (async () => {
    setSyncStatus(key, { running: true, error: undefined });
    try {
      const { syncAccount } = await import('@/core/activity/sync');
      const result = await syncAccount(
        { client: chainClient(network), network, store, explorer: explorer ? { config: explorer } : undefined },
        account,
        (p) => setSyncStatus(key, { progress: p.total > 0n ? Number((p.done * 1000n) / p.total) / 1000 : undefined }),
      );
      const approvalsChanged = await scanApprovalEvents(stores.approvals, network, account, explorer);
      if (result.itemsChanged || approvalsChanged) onWritten();
      setSyncStatus(key, { running: false, progress: undefined, error: undefined, syncedTo: result.head });
    } catch (error) {
      setSyncStatus(key, { running: false, progress: undefined, error });
    } finally {
      running.delete(key);
      const next = queued.get(key);
      queued.delete(key);
      if (next) void next();
    }
  })();
  running.set(key, task);
  return task;
}

/** After a sync wrote something: what is read from the history, and the account's approvals, are read again. */
function refreshHistory(queryClient: QueryClient, network: Network, account: Address): void {
  void queryClient.invalidateQueries({ queryKey: activityKeys.all });
  void queryClient.invalidateQueries({ queryKey: approvalKeys.account(network, account) });
}

/** The last approval events seen per account, so that only a change refreshes what shows them. */
const approvalSignatures = new Map<string, string>();

/**
 * Brings the account's approval events up to date with its history (Activity marks the
 * transactions that set them; the portfolio counts what is left open). Whether they changed.
 * A failure here leaves the history's sync alone: the Approvals screen reports its own.
 */
async function scanApprovalEvents(
  store: ApprovalStore,
  network: Network,
  account: Address,
  explorer: ExplorerConfig | undefined,
): Promise<boolean> {
  try {
    const { scanApprovals } = await import('@/core/approvals/scanApprovals');
    const client = chainClient(network);
    const { events } = await scanApprovals(
      { client, store, explorer: explorer ? { config: explorer } : undefined },
      account,
    );
    const key = syncStatusKey(network.id, account);
    const signature = events.map((e) => `${e.transactionHash}:${e.logIndex}`).join(',');
    const changed = approvalSignatures.get(key) !== signature;
    approvalSignatures.set(key, signature);
    return changed;
  } catch {
    return false;
  }
}

/**
 * Keeps the history of the selected account and of every visible one synced in the background
 * (Home's chart follows all visible accounts back in time): at every new block, and when asked
 * (Retry). Syncs started together share one JSON-RPC batch, so through a node the person did not
 * choose only the selected account is synced, unless they allowed all (accountsToRead). The sync
 * code loads only when the wallet is unlocked.
 */
export function useActivitySync(): void {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const activity = useActivityStore();
  const approvals = useApprovalStore();
  const queryClient = useQueryClient();
  const explorer = useSession((s) => s.explorers[network.id]);
  const networkConfig = useSession((s) => s.networkConfig);
  // A stable string (selected first), so a re-render with the same accounts starts nothing.
  const accountList = useVault((s) => {
    if (s.status !== 'unlocked') return '';
    const selected = s.accounts.find((a) => a.id === s.selectedAccountId)?.address;
    const visible = accountsToRead(
      network,
      networkConfig,
      s.accounts.filter((a) => !a.hidden),
      selected,
    ).map((a) => a.address);
    return [...new Set([selected, ...visible].filter((a) => a !== undefined))].join(',');
  });
  const block = head.data?.status === 'ok' ? head.data.blockNumber : undefined;

  useEffect(() => {
    syncRequests.setState({
      request: (networkId, address) => {
        if (networkId !== network.id) return;
        const refresh = () => refreshHistory(queryClient, network, address);
        void syncOnce({ activity, approvals }, network, address, explorer, refresh);
      },
    });
  }, [activity, approvals, network, explorer, queryClient]);

  useEffect(() => {
    if (block === undefined || accountList === '') return;
    for (const account of accountList.split(',') as Address[]) {
      const refresh = () => refreshHistory(queryClient, network, account);
      void syncOnce({ activity, approvals }, network, account, explorer, refresh);
    }
  }, [block, accountList, network, explorer, activity, approvals, queryClient]);
}
