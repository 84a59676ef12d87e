import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { KeyValueStore } from './keyValueStore';
import type { VaultRepository } from './vaultRepository';

export const DATABASE_NAME = 'cairn';

interface CairnDbSchema extends DBSchema {
  settings: { key: string; value: unknown };
  vault: { key: string; value: unknown };
}

/**
 * Schema upgrades, one per version, applied in order. Never edit a released step: add a new one.
 */
const upgrades: ((db: IDBPDatabase<CairnDbSchema>) => void)[] = [
  (db) => {
    db.createObjectStore('settings');
  },
  (db) => {
    db.createObjectStore('vault');
  },
];

export const DATABASE_VERSION = upgrades.length;

export function openCairnDatabase(name = DATABASE_NAME): Promise<IDBPDatabase<CairnDbSchema>> {
  return openDB<CairnDbSchema>(name, DATABASE_VERSION, {
    upgrade(db, oldVersion) {
      for (let version = oldVersion; version < upgrades.length; version++) upgrades[version]?.(db);
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
    async delete(key) {
      await db.delete('settings', key);
    },
  };
}

const VAULT_KEY = 'primary';

export function indexedDbVaultRepository(db: CairnDatabase): VaultRepository {
  return {
    load: () => db.get('vault', VAULT_KEY),
    async save(record) {
      await db.put('vault', record, VAULT_KEY);
    },
    async clear() {
      await db.delete('vault', VAULT_KEY);
    },
  };
}
