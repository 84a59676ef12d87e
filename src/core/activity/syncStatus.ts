// Where history syncs stand, as the screens read it from the history sync (historySync.ts). Apart
// from it because the start-up chunk needs these (lib/stores/activity.tsx) but not the sync itself, which
// comes with the unlocked wallet's chunk.

/** Where the background sync of one account on one network stands. */
export type SyncStatus = {
  running: boolean;
  /** 0..1 while a long first sync runs. */
  progress: number | undefined;
  error: unknown;
  syncedTo: bigint | undefined;
};

export const IDLE_SYNC: SyncStatus = { running: false, progress: undefined, error: undefined, syncedTo: undefined };

/** Sync status per `${networkId}:${account lowercase}` (syncStatusKey). */
export type SyncStatusState = { byKey: Record<string, SyncStatus> };

export function syncStatusKey(networkId: string, account: string): string {
  return `${networkId}:${account.toLowerCase()}`;
}
