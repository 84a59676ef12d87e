import { type ActivityStore, placed, sameSet, syncKey } from '../activity/activityStore';
import type { ActivityItem } from '../activity/item';
import { fromStoredItem, fromStoredState, toStoredItem, toStoredState } from '../activity/storedItem';
import type { CairnDatabase } from './database';

/** Synced history in IndexedDB, indexed by account and block so a range is replaced in one transaction. */
export function indexedDbActivityStore(db: CairnDatabase): ActivityStore {
  const range = (chainId: number, account: string, fromBlock: number) =>
    IDBKeyRange.bound(
      [syncKey(chainId, account as `0x${string}`), fromBlock],
      [syncKey(chainId, account as `0x${string}`), Number.MAX_SAFE_INTEGER],
    );
  return {
    async items(chainId, account) {
      const stored = await db.getAllFromIndex('activity', 'byAccountBlock', range(chainId, account, 0));
      const items: ActivityItem[] = [];
      for (const entry of stored) {
        try {
          items.push(fromStoredItem(entry));
        } catch {
          // A damaged item is left in storage and skipped; the next sync of its block range rewrites it.
        }
      }
      return items;
    },
    async replace({ chainId, account, fromBlock, sources, items }) {
      // Relaxed: a write lost to a crash is read again by the next sync (its state is saved after).
      const tx = db.transaction('activity', 'readwrite', { durability: 'relaxed' });
      const index = tx.store.index('byAccountBlock');
      const removed: string[] = [];
      // The range's items in two requests, not a cursor step (a round trip) per item: replacing
      // one source walks past every item of the others (10,000 transfers for the native ones).
      const inRange = range(chainId, account, Number(fromBlock));
      const [stored, keys] = await Promise.all([index.getAll(inRange), index.getAllKeys(inRange)]);
      const deletes: Promise<unknown>[] = [];
      stored.forEach((value, i) => {
        const key = keys[i];
        if (key === undefined || !sources.includes(value.source as ActivityItem['source'])) return;
        removed.push(placed(String(value.id), String(value.blockNumber)));
        deletes.push(tx.store.delete(key));
      });
      // Every put at once, then one wait for the transaction: awaiting each put would cost a
      // round of the event loop per item (100,000 of them in a long history's first sync).
      const writes: Promise<unknown>[] = items.map((item) => tx.store.put(toStoredItem(item)));
      await Promise.all([...deletes, ...writes, tx.done]);
      return sameSet(
        removed,
        items.map((i) => placed(i.id, i.blockNumber)),
      );
    },
    async state(chainId, account) {
      return fromStoredState(await db.get('activitySync', syncKey(chainId, account)));
    },
    async saveState(state) {
      await db.put('activitySync', toStoredState(state));
    },
  };
}
