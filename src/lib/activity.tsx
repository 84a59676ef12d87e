import { createContext, type ReactNode, useContext } from 'react';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ActivityStore } from '@/core/activity/activityStore';

const Context = createContext<ActivityStore | null>(null);

export function ActivityProvider({ store, children }: { store: ActivityStore; children: ReactNode }) {
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

export function useActivityStore(): ActivityStore {
  const value = useContext(Context);
  if (!value) throw new Error('useActivityStore must be used inside <ActivityProvider>');
  return value;
}

/** Where the background sync of one account on one network stands. */
export type SyncStatus = {
  running: boolean;
  /** 0..1 while a long first sync runs. */
  progress: number | undefined;
  error: unknown;
  syncedTo: bigint | undefined;
};

const IDLE: SyncStatus = { running: false, progress: undefined, error: undefined, syncedTo: undefined };

/** Sync status per `${networkId}:${account}`, outside React (the app's sync loop writes it). */
export const syncStatusStore = createStore<{ byKey: Record<string, SyncStatus> }>()(() => ({ byKey: {} }));

export function syncStatusKey(networkId: string, account: string): string {
  return `${networkId}:${account.toLowerCase()}`;
}

export function setSyncStatus(key: string, patch: Partial<SyncStatus>): void {
  const current = syncStatusStore.getState().byKey[key] ?? IDLE;
  syncStatusStore.setState({ byKey: { ...syncStatusStore.getState().byKey, [key]: { ...current, ...patch } } });
}

export function useSyncStatus(networkId: string, account: Address | undefined): SyncStatus {
  return useStore(syncStatusStore, (s) => (account ? (s.byKey[syncStatusKey(networkId, account)] ?? IDLE) : IDLE));
}

/** Asks the app's sync loop to sync now (e.g. "Retry"); set by the app. */
export const syncRequests = createStore<{ request: (networkId: string, account: Address) => void }>()(() => ({
  request: () => undefined,
}));

/**
 * How far the history of all these accounts is synced: the lowest block every one of them is
 * synced to, or why not yet (one of them has not finished a first sync, or its last one failed).
 */
export function useSyncedThrough(
  networkId: string,
  accounts: readonly Address[],
): { syncedTo: bigint | undefined; error: unknown } {
  const summary = useStore(syncStatusStore, (s) => {
    let lowest: bigint | undefined;
    for (const account of accounts) {
      const key = syncStatusKey(networkId, account);
      const status = s.byKey[key];
      if (status?.error !== undefined) return `error ${key}`;
      if (status?.syncedTo === undefined) return 'pending';
      if (lowest === undefined || status.syncedTo < lowest) lowest = status.syncedTo;
    }
    return lowest === undefined ? 'pending' : String(lowest);
  });
  if (summary.startsWith('error ')) {
    return { syncedTo: undefined, error: syncStatusStore.getState().byKey[summary.slice(6)]?.error };
  }
  return { syncedTo: summary === 'pending' ? undefined : BigInt(summary), error: undefined };
}
