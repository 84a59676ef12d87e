/** Blocks re-read at every sync, so a reorganisation this deep leaves no ghost items. */
export const REORG_DEPTH = 12n;
/** Blocks re-read when the last synced head is no longer on the chain (a deeper reorganisation). */
export const DEEP_REORG_DEPTH = 256n;

/**
 * Where an incremental read starts again: from block 0 when nothing was read yet, else REORG_DEPTH
 * blocks back from where it got to (DEEP_REORG_DEPTH when the head it last saw is gone).
 */
export function rescanFrom(syncedTo: bigint | undefined, latest: bigint, headLost: boolean): bigint {
  if (syncedTo === undefined) return 0n;
  const base = syncedTo < latest ? syncedTo : latest;
  const from = base - (headLost ? DEEP_REORG_DEPTH : REORG_DEPTH) + 1n;
  return from > 0n ? from : 0n;
}
