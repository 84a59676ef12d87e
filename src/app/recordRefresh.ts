import type { TxRecord } from '@/core/tx/record';

/** How long the refresh after a record just signed waits for its broadcast, at most. */
export const BROADCAST_WAIT_MS = 1_000;

type Timers = { set(run: () => void, ms: number): unknown; clear(timer: unknown): void };

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * When the views that list transaction records refresh after a record is stored. A record just
 * signed is broadcast right after it is stored: refreshing then would run the lists' storage
 * reads, their re-render and the pending-nonce read they lead to (which would ride in the same
 * JSON-RPC batch as the broadcast) in front of the broadcast. So a record stored before its
 * first broadcast waits for the broadcast's outcome to be stored (at most BROADCAST_WAIT_MS);
 * every other write refreshes at once.
 */
export function recordRefresher(refresh: () => void, timers: Timers = browserTimers): (record: TxRecord) => void {
  let waiting: unknown;
  return (record) => {
    if (record.status === 'signed' && record.lastBroadcastAt === undefined) {
      waiting ??= timers.set(() => {
        waiting = undefined;
        refresh();
      }, BROADCAST_WAIT_MS);
      return;
    }
    if (waiting !== undefined) {
      timers.clear(waiting);
      waiting = undefined;
    }
    refresh();
  };
}
