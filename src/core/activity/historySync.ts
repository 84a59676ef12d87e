import type { Address, Hex } from 'viem';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Network } from '../chain/networks';
import type { SyncProgress, SyncResult } from './sync';
import { IDLE_SYNC, type SyncStatus, type SyncStatusState, syncStatusKey } from './syncStatus';

/**
 * The work of one sync, handed in by the app (it loads the code when first asked, and knows the
 * stores, the client and the person's explorer): the history, then the approvals scan that follows it.
 */
export type HistorySyncWork = {
  /** Brings the account's history on the network up to the node's head (syncAccount). */
  sync(
    network: Network,
    account: Address,
    onProgress: (progress: SyncProgress) => void,
  ): Promise<Pick<SyncResult, 'itemsChanged' | 'head'>>;
  /** Brings the account's approval events up to date with its history (scanApprovals): all of them. */
  scanApprovals(
    network: Network,
    account: Address,
  ): Promise<{ events: readonly { transactionHash: Hex; logIndex: number }[] }>;
};

export type HistorySync = {
  /**
   * Syncs the account's history on the network, then its approvals. One sync per account and
   * network at a time: a request made while one runs is not dropped but runs once after it, with
   * the network asked last (several such requests make one follow-up). Resolves when the sync
   * that covers this request has ended; never rejects (a failure is in the status).
   */
  request(network: Network, account: Address): Promise<void>;
  /** Where each account's sync stands: a plain store, read by the UI. */
  readonly status: StoreApi<SyncStatusState>;
  /** Called after a sync changed stored history or approvals (views read again). Returns the unsubscribe. */
  onWritten(listener: (network: Network, account: Address) => void): () => void;
};

type FollowUp = { network: Network; account: Address; done: Promise<void> };

/** The app's history sync: built once at start, fed requests by the UI (a new block, Retry). */
export function createHistorySync(loadWork: () => Promise<HistorySyncWork>): HistorySync {
  const status = createStore<SyncStatusState>()(() => ({ byKey: {} }));
  const running = new Map<string, Promise<void>>();
  const followUps = new Map<string, FollowUp>();
  const listeners = new Set<(network: Network, account: Address) => void>();
  /** The last approval events seen per account, so that only a change counts as written. */
  const approvalSignatures = new Map<string, string>();
  let work: Promise<HistorySyncWork> | undefined;

  const setStatus = (key: string, patch: Partial<SyncStatus>) => {
    const byKey = status.getState().byKey;
    status.setState({ byKey: { ...byKey, [key]: { ...(byKey[key] ?? IDLE_SYNC), ...patch } } });
  };

  /** Whether the approval events changed. A failure here leaves the history's sync alone: the Approvals screen reports its own. */
  const scanApprovals = async (loaded: HistorySyncWork, key: string, network: Network, account: Address) => {
    try {
      const { events } = await loaded.scanApprovals(network, account);
      const signature = events.map((e) => `${e.transactionHash}:${e.logIndex}`).join(',');
      const changed = approvalSignatures.get(key) !== signature;
      approvalSignatures.set(key, signature);
      return changed;
    } catch {
      return false;
    }
  };

  const run = (key: string, network: Network, account: Address): Promise<void> => {
    const task = (async () => {
      setStatus(key, { running: true, error: undefined });
      try {
        work ??= loadWork();
        const loaded = await work.catch((error: unknown) => {
          work = undefined;
          throw error;
        });
        const result = await loaded.sync(network, account, (p) =>
          setStatus(key, { progress: p.total > 0n ? Number((p.done * 1000n) / p.total) / 1000 : undefined }),
        );
        const approvalsChanged = await scanApprovals(loaded, key, network, account);
        if (result.itemsChanged || approvalsChanged) for (const listener of listeners) listener(network, account);
        setStatus(key, { running: false, progress: undefined, error: undefined, syncedTo: result.head });
      } catch (error) {
        setStatus(key, { running: false, progress: undefined, error });
      } finally {
        running.delete(key);
      }
    })();
    running.set(key, task);
    return task;
  };

  return {
    status,
    request(network, account) {
      const key = syncStatusKey(network.id, account);
      const waiting = followUps.get(key);
      if (waiting) {
        waiting.network = network;
        waiting.account = account;
        return waiting.done;
      }
      const current = running.get(key);
      if (!current) return run(key, network, account);
      const followUp: FollowUp = { network, account, done: Promise.resolve() };
      followUp.done = current.then(() => {
        followUps.delete(key);
        return run(key, followUp.network, followUp.account);
      });
      followUps.set(key, followUp);
      return followUp.done;
    },
    onWritten(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
