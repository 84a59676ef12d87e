// A transaction record's statuses, and which records tracking still looks at. No imports: the
// stored form (txStore.ts, in the boot script's graph) marks the watched records by this very rule.

/**
 * signed: stored, not yet accepted by the node; pending: in the node's mempool; confirmed / failed:
 * mined (failed = reverted); replaced: another of ours took its nonce; dropped: a transaction from
 * elsewhere took its nonce; rejected: the node refused it for good (e.g. insufficient funds), so
 * its nonce is free again and it is no longer sent on its own.
 */
export type TxStatus = 'signed' | 'pending' | 'confirmed' | 'failed' | 'replaced' | 'dropped' | 'rejected';

/** What these rules read of a record (TxRecord). */
type Watchable = { status: TxStatus; confirmations: number; networkId: string };

export const ACTIVE_STATUSES: readonly TxStatus[] = ['signed', 'pending'];

export function isActive(record: Pick<Watchable, 'status'>): boolean {
  return ACTIVE_STATUSES.includes(record.status);
}

/** Confirmations after which a record is final and no longer watched. */
export const FINAL_CONFIRMATIONS = 12;

/** Mined, with a receipt: a reorganisation within FINAL_CONFIRMATIONS blocks can still undo it. */
export function isMined(record: Pick<Watchable, 'status'>): boolean {
  return record.status === 'confirmed' || record.status === 'failed';
}

/** Records tracking still looks at: not yet settled, or mined but not yet final. */
export function isWatched(record: Pick<Watchable, 'status' | 'confirmations'>): boolean {
  return isActive(record) || (isMined(record) && record.confirmations < FINAL_CONFIRMATIONS);
}

/** Whether any of the records on the network `networkId` is still watched. */
export function watchedOn(records: readonly Watchable[], networkId: string): boolean {
  return records.some((r) => r.networkId === networkId && isWatched(r));
}
