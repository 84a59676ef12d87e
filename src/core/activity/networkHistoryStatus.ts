import { isRateLimited } from '../assets/networkPortfolio';
import type { SyncStatus } from './syncStatus';

/** What the network's shared head says of its node: answering, not answering, on another chain, or not asked yet. */
export type HistoryHead = 'ok' | 'down' | 'wrongChain' | 'unknown';

/** Why a network's history is not up to date. */
export type HistoryBehindBecause = 'node' | 'wrongChain' | 'rateLimited' | 'sync';

/**
 * One network's history as a list across networks tells it: being read (a first or long sync),
 * up to date at a block, behind at the block it got to (and why), or never read (and why).
 */
export type NetworkHistoryStatus =
  | { state: 'reading'; progress: number | undefined }
  | { state: 'fresh'; block: bigint }
  | { state: 'stale'; block: bigint; because: HistoryBehindBecause; error: unknown }
  | { state: 'failed'; because: HistoryBehindBecause; error: unknown };

/**
 * Where one account's history on one network stands, from its sync's status and its node's head.
 * A node that is not answering or answers for another chain makes what was read stale, whatever
 * the last sync said; a following pass running over a synced history stays fresh (it runs at each
 * block), a long sync shows its progress.
 */
export function networkHistoryStatus(sync: SyncStatus, head: HistoryHead): NetworkHistoryStatus {
  const because: HistoryBehindBecause | undefined =
    head === 'wrongChain'
      ? 'wrongChain'
      : head === 'down'
        ? 'node'
        : sync.error !== undefined && !sync.running
          ? isRateLimited(sync.error)
            ? 'rateLimited'
            : 'sync'
          : undefined;
  if (because !== undefined) {
    const error = because === 'sync' || because === 'rateLimited' ? sync.error : undefined;
    return sync.syncedTo === undefined
      ? { state: 'failed', because, error }
      : { state: 'stale', block: sync.syncedTo, because, error };
  }
  if (sync.syncedTo === undefined || (sync.running && sync.progress !== undefined))
    return { state: 'reading', progress: sync.progress };
  return { state: 'fresh', block: sync.syncedTo };
}
