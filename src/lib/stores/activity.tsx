import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ActivityStore } from '@/core/activity/activityStore';
import type { HistorySync } from '@/core/activity/historySync';
import { IDLE_SYNC, type SyncStatus, type SyncStatusState, syncStatusKey } from '@/core/activity/syncStatus';

export type { SyncStatus } from '@/core/activity/syncStatus';

const Context = createContext<{ store: ActivityStore; sync: HistorySync } | null>(null);

/** Where nothing syncs (a harness without the app's sync): every account idle, requests ignored. */
const NO_SYNC: HistorySync = {
  request: async () => undefined,
  follow: async () => undefined,
  status: createStore<SyncStatusState>()(() => ({ byKey: {} })),
  onWritten: () => () => undefined,
};

export function ActivityProvider({
  store,
  sync = NO_SYNC,
  children,
}: {
  store: ActivityStore;
  sync?: HistorySync;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ store, sync }), [store, sync]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useActivityContext() {
  const value = useContext(Context);
  if (!value) throw new Error('useActivityStore must be used inside <ActivityProvider>');
  return value;
}

export function useActivityStore(): ActivityStore {
  return useActivityContext().store;
}

/** The app's history sync: `request(network, account)` syncs now (e.g. "Retry"). */
export function useHistorySync(): HistorySync {
  return useActivityContext().sync;
}

export function useSyncStatus(networkId: string, account: Address | undefined): SyncStatus {
  return useStore(useHistorySync().status, (s) =>
    account ? (s.byKey[syncStatusKey(networkId, account)] ?? IDLE_SYNC) : IDLE_SYNC,
  );
}

/**
 * How far the history of all these accounts is synced: the lowest block every one of them is
 * synced to, or why not yet (one of them has not finished a first sync, or its last one failed).
 */
export function useSyncedThrough(
  networkId: string,
  accounts: readonly Address[],
): { syncedTo: bigint | undefined; error: unknown } {
  const status = useHistorySync().status;
  const summary = useStore(status, (s) => {
    let lowest: bigint | undefined;
    for (const account of accounts) {
      const key = syncStatusKey(networkId, account);
      const entry = s.byKey[key];
      if (entry?.error !== undefined) return `error ${key}`;
      if (entry?.syncedTo === undefined) return 'pending';
      if (lowest === undefined || entry.syncedTo < lowest) lowest = entry.syncedTo;
    }
    return lowest === undefined ? 'pending' : String(lowest);
  });
  if (summary.startsWith('error ')) {
    return { syncedTo: undefined, error: status.getState().byKey[summary.slice(6)]?.error };
  }
  return { syncedTo: summary === 'pending' ? undefined : BigInt(summary), error: undefined };
}
