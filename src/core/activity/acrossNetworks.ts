import type { ActivityEntry } from './entries';

/**
 * Whether `a` comes before `b` in a list across networks: not yet mined first (newest first among
 * them), then by time, newest first. Blocks of two chains say nothing of each other's order, so
 * only the time does; a mined entry whose time is not known yet stays on top of the others.
 */
function before(a: ActivityEntry, b: ActivityEntry): boolean {
  const pendingA = a.blockNumber === undefined;
  const pendingB = b.blockNumber === undefined;
  if (pendingA !== pendingB) return pendingA;
  const timeA = a.timestamp ?? Number.POSITIVE_INFINITY;
  const timeB = b.timestamp ?? Number.POSITIVE_INFINITY;
  return timeA > timeB;
}

/**
 * The histories of several networks as one list, newest first: each network's own order (by block
 * and position, compareEntries) is kept as it is, and the lists are interleaved by time (an entry
 * never passes one of its own network). Of two entries of the same time, the one of the network
 * listed first comes first. Linear in the entries for a handful of networks; the one list that
 * holds anything is given back itself (what was derived from it stays with it: derivedFrom).
 */
export function mergeByTime(lists: readonly (readonly ActivityEntry[])[]): readonly ActivityEntry[] {
  const cursors = lists.filter((list) => list.length > 0).map((list) => ({ list, at: 0 }));
  if (cursors.length <= 1) return cursors[0]?.list ?? [];
  const merged: ActivityEntry[] = [];
  for (;;) {
    let taken: { list: readonly ActivityEntry[]; at: number } | undefined;
    let newest: ActivityEntry | undefined;
    for (const cursor of cursors) {
      const entry = cursor.list[cursor.at];
      if (entry !== undefined && (newest === undefined || before(entry, newest))) {
        taken = cursor;
        newest = entry;
      }
    }
    if (taken === undefined || newest === undefined) return merged;
    merged.push(newest);
    taken.at++;
  }
}
