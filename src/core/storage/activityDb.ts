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
      const tx = db.transaction('activity', 'readwrite');
      const index = tx.store.index('byAccountBlock');
      const removed: string[] = [];
      for (
        let cursor = await index.openCursor(range(chainId, account, Number(fromBlock)));
        cursor;
        cursor = await cursor.continue()
      ) {
        if (sources.includes(cursor.value.source as ActivityItem['source'])) {
          removed.push(placed(String(cursor.value.id), String(cursor.value.blockNumber)));
          await cursor.delete();
        }
      }
      // Every put at once, then one wait for the transaction: awaiting each put would cost a
      // round of the event loop per item (100,000 of them in a long history's first sync).
      const writes: Promise<unknown>[] = items.map((item) => tx.store.put(toStoredItem(item)));
      await Promise.all([...writes, tx.done]);
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
