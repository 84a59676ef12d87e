import {
  type DBSchema,
  type IDBPDatabase,
  type IDBPObjectStore,
  type IDBPTransaction,
  openDB,
  type StoreNames,
} from 'idb';
import {
  accountKey,
  fromStored,
  readStored,
  storedRevision,
  type TxStore,
  toStored,
  withWatchedMark,
} from '../tx/txStore';
import type { KeyValueStore } from './keyValueStore';
import type { VaultRepository } from './vaultRepository';

export const DATABASE_NAME = 'cairn';

interface CairnDbSchema extends DBSchema {
  settings: { key: string; value: unknown };
  vault: { key: string; value: unknown };
  transactions: {
    key: string;
    value: Record<string, unknown>;
    /** byWatched holds only the records marked watched (an index leaves out those without its key). */
    indexes: { byAccount: string; byChain: number; byWatched: number };
  };
  /** Before version 8: a record per history item (replaced by activityBlocks). */
  activity: { key: string; value: Record<string, unknown>; indexes: { byAccountBlock: [string, number] } };
  /** Synced history: a record per account, block and source, holding that block's items. */
  activityBlocks: { key: string; value: Record<string, unknown>; indexes: { byAccountBlock: [string, number] } };
  activitySync: { key: string; value: Record<string, unknown> };
  priceRounds: { key: string; value: Record<string, unknown> };
  approvalEvents: { key: string; value: Record<string, unknown>; indexes: { byOwnerBlock: [string, number] } };
  approvalScans: { key: string; value: Record<string, unknown> };
  portfolios: { key: string; value: Record<string, unknown> };
  /** Where each token keeps its balances (core/verify/layoutBook.ts), learnt from proven state. */
  balanceLayouts: { key: string; value: Record<string, unknown> };
}

type UpgradeTransaction = IDBPTransaction<CairnDbSchema, StoreNames<CairnDbSchema>[], 'versionchange'>;

/**
 * Schema upgrades, one per version, applied in order. Never edit a released step: add a new one.
 * A step that rewrites stored values does so through the upgrade's own transaction: the database
 * opens once it is done.
 */
const upgrades: ((db: IDBPDatabase<CairnDbSchema>, tx: UpgradeTransaction) => void)[] = [
  (db) => {
    db.createObjectStore('settings');
  },
  (db) => {
    db.createObjectStore('vault');
  },
  (db) => {
    const transactions = db.createObjectStore('transactions', { keyPath: 'id' });
    transactions.createIndex('byAccount', 'fromKey');
    transactions.createIndex('byChain', 'chainId');
  },
  (db) => {
    const activity = db.createObjectStore('activity', { keyPath: 'id' });
    activity.createIndex('byAccountBlock', ['accountKey', 'block']);
    db.createObjectStore('activitySync', { keyPath: 'key' });
  },
  (db) => {
    db.createObjectStore('priceRounds', { keyPath: 'key' });
  },
  (db) => {
    const events = db.createObjectStore('approvalEvents', { keyPath: 'id' });
    events.createIndex('byOwnerBlock', ['ownerKey', 'block']);
    db.createObjectStore('approvalScans', { keyPath: 'key' });
  },
  (db) => {
    db.createObjectStore('portfolios', { keyPath: 'key' });
  },
  (db) => {
    // History a record per block rather than per item (activityDb). It is read again from the
    // node: the old items and every account's sync state go.
    db.deleteObjectStore('activity');
    db.deleteObjectStore('activitySync');
    const blocks = db.createObjectStore('activityBlocks', { keyPath: 'key' });
    blocks.createIndex('byAccountBlock', ['accountKey', 'block']);
    db.createObjectStore('activitySync', { keyPath: 'key' });
  },
  (db) => {
    db.createObjectStore('balanceLayouts', { keyPath: 'key' });
  },
  (db, tx) => {
    // Tracking asks for the records it still watches at every look: through an index of those
    // alone, never reading every settled record of every network. Stored records get their mark.
    // A database without the store has no records to mark.
    if (!db.objectStoreNames.contains('transactions')) return;
    const transactions = tx.objectStore('transactions');
    transactions.createIndex('byWatched', 'watched');
    void (async () => {
      for (let cursor = await transactions.openCursor(); cursor; cursor = await cursor.continue()) {
        const marked = withWatchedMark(cursor.value);
        if (marked.watched !== cursor.value.watched) await cursor.update(marked);
      }
    })().catch(() => tx.abort());
  },
];

export const DATABASE_VERSION = upgrades.length;

/**
 * Opens (and upgrades) Cairn's database. Always a promise: a browser without IndexedDB, or one
 * that refuses it, rejects it rather than throwing where it is called.
 */
export async function openCairnDatabase(name = DATABASE_NAME): Promise<IDBPDatabase<CairnDbSchema>> {
  return openDB<CairnDbSchema>(name, DATABASE_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      for (let version = oldVersion; version < upgrades.length; version++) upgrades[version]?.(db, tx);
    },
  });
}

export type CairnDatabase = IDBPDatabase<CairnDbSchema>;

export function indexedDbSettingsStore<Schema extends Record<string, unknown>>(
  db: IDBPDatabase<CairnDbSchema>,
): KeyValueStore<Schema> {
  return {
    async get(key) {
      return (await db.get('settings', key)) as never;
    },
    async set(key, value) {
      await db.put('settings', value, key);
    },
    async update(key, change) {
      const tx = db.transaction('settings', 'readwrite');
      const next = change((await tx.store.get(key)) as never);
      await tx.store.put(next, key);
      await tx.done;
      return next;
    },
    async delete(key) {
      await db.delete('settings', key);
    },
  };
}

const VAULT_KEY = 'primary';

export function indexedDbVaultRepository(db: CairnDatabase): VaultRepository {
  /**
   * Runs `steps` in one readwrite transaction on the vault and resolves once it committed. A step
   * that fails, or a transaction aborted before it commits, rejects and leaves the stored value
   * as it was (the transaction's own failure is then observed too, never left unhandled).
   */
  const inVaultTransaction = async <T>(
    steps: (store: IDBPObjectStore<CairnDbSchema, ['vault'], 'vault', 'readwrite'>) => Promise<T>,
  ): Promise<T> => {
    const tx = db.transaction('vault', 'readwrite');
    const done = tx.done;
    try {
      const result = await steps(tx.store);
      await done;
      return result;
    } catch (error) {
      done.catch(() => undefined);
      throw error;
    }
  };
  return {
    load: () => db.get('vault', VAULT_KEY),
    saveIf(isExpected, record) {
      // One readwrite transaction: IndexedDB runs those on a store one at a time across every
      // window and worker, so nothing can write between the check and the put.
      return inVaultTransaction(async (store) => {
        const expected = isExpected(await store.get(VAULT_KEY));
        if (expected) await store.put(record, VAULT_KEY);
        return expected;
      });
    },
    clearIf(isExpected) {
      return inVaultTransaction(async (store) => {
        const expected = isExpected(await store.get(VAULT_KEY));
        if (expected) await store.delete(VAULT_KEY);
        return expected;
      });
    },
  };
}

/** Transaction records in IndexedDB (see core/tx/txStore for the stored form). */
export function indexedDbTxStore(db: CairnDatabase): TxStore {
  return {
    async put(record) {
      await db.put('transactions', toStored(record));
    },
    async putIfUnchanged(record) {
      const tx = db.transaction('transactions', 'readwrite');
      const stored = await tx.store.get(record.id);
      if (storedRevision(stored) !== record.revision) {
        await tx.done;
        return undefined;
      }
      const next = { ...record, revision: record.revision + 1 };
      await tx.store.put(toStored(next));
      await tx.done;
      return next;
    },
    async get(id) {
      const stored = await db.get('transactions', id);
      return stored ? fromStored(stored) : undefined;
    },
    async forAccount(chainId, from) {
      return readStored(await db.getAllFromIndex('transactions', 'byAccount', accountKey(chainId, from))).records;
    },
    async forChain(chainId) {
      return readStored(await db.getAllFromIndex('transactions', 'byChain', chainId)).records;
    },
    async watched() {
      return readStored(await db.getAllFromIndex('transactions', 'byWatched')).records;
    },
    async damaged() {
      return readStored(await db.getAll('transactions')).damaged;
    },
  };
}
