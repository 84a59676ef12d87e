import { type ActivityStore, placed, sameSet, syncKey } from '../activity/activityStore';
import type { ActivityItem } from '../activity/item';
import { fromStoredItem, fromStoredState, type StoredItem, toStoredItem, toStoredState } from '../activity/storedItem';
import type { CairnDatabase } from './database';

/**
 * The stored form of one account's items of one source in one block: a record per block, not per
 * item, since IndexedDB costs about as much per record as per kilobyte (Chromium took 3.4 s to
 * write 10,000 one-item records), and a first sync of a long history writes tens of thousands.
 */
type StoredBlock = { key: string; accountKey: string; block: number; source: string; items: StoredItem[] };

const blockKey = (accountKey: string, block: number, source: string) => `${accountKey}:${block}:${source}`;

/**
 * Synced history in IndexedDB, a record per account, block and source, indexed by account and
 * block so a range is replaced in one transaction.
 */
export function indexedDbActivityStore(db: CairnDatabase): ActivityStore {
  const range = (chainId: number, account: string, fromBlock: number) =>
    IDBKeyRange.bound(
      [syncKey(chainId, account as `0x${string}`), fromBlock],
      [syncKey(chainId, account as `0x${string}`), Number.MAX_SAFE_INTEGER],
    );
  return {
    async items(chainId, account) {
      const stored = await db.getAllFromIndex('activityBlocks', 'byAccountBlock', range(chainId, account, 0));
      const items: ActivityItem[] = [];
      for (const record of stored) {
        for (const entry of Array.isArray(record.items) ? (record.items as unknown[]) : []) {
          try {
            items.push(fromStoredItem(entry as Record<string, unknown>));
          } catch {
            // A damaged item is left in storage and skipped; the next sync of its block range rewrites it.
          }
        }
      }
      return items;
    },
    async replace({ chainId, account, fromBlock, sources, items }) {
      // Relaxed: a write lost to a crash is read again by the next sync (its state is saved after).
      const tx = db.transaction('activityBlocks', 'readwrite', { durability: 'relaxed' });
      const index = tx.store.index('byAccountBlock');
      const removed: string[] = [];
      const deletes: Promise<unknown>[] = [];
      for (const record of await index.getAll(range(chainId, account, Number(fromBlock)))) {
        if (!sources.includes(record.source as ActivityItem['source'])) continue;
        for (const entry of Array.isArray(record.items) ? (record.items as Record<string, unknown>[]) : [])
          removed.push(placed(String(entry.id), String(entry.blockNumber)));
        deletes.push(tx.store.delete(String(record.key)));
      }
      const blocks = new Map<string, StoredBlock>();
      for (const item of items) {
        const stored = toStoredItem(item);
        const key = blockKey(stored.accountKey, stored.block, item.source);
        let block = blocks.get(key);
        if (!block) {
          block = { key, accountKey: stored.accountKey, block: stored.block, source: item.source, items: [] };
          blocks.set(key, block);
        }
        block.items.push(stored);
      }
      // An item before the range (none is expected) joins its block's stored items rather than replacing them.
      for (const block of blocks.values()) {
        if (block.block >= Number(fromBlock)) continue;
        const kept = (await tx.store.get(block.key)) as StoredBlock | undefined;
        const ids = new Set(block.items.map((i) => i.id));
        block.items.unshift(...(Array.isArray(kept?.items) ? kept.items.filter((i) => !ids.has(i.id)) : []));
      }
      // Every put at once, then one wait for the transaction: awaiting each would cost a round
      // of the event loop per block.
      const writes = [...blocks.values()].map((block) => tx.store.put(block));
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
