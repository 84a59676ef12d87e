/**
 * A small asynchronous key-value store: the shape every persisted setting goes through. Where
 * several windows can change the same value, use `update`: it reads, changes and writes the
 * value in one step no other window can interleave with (one IndexedDB transaction), so a change
 * made elsewhere is built upon, never written over.
 */
export interface KeyValueStore<Schema extends Record<string, unknown>> {
  get<K extends keyof Schema & string>(key: K): Promise<Schema[K] | undefined>;
  set<K extends keyof Schema & string>(key: K, value: Schema[K]): Promise<void>;
  /** Applies `change` to the stored value (synchronous, pure) and stores the result, which it returns. */
  update<K extends keyof Schema & string>(
    key: K,
    change: (stored: Schema[K] | undefined) => Schema[K],
  ): Promise<Schema[K]>;
  delete(key: keyof Schema & string): Promise<void>;
}

/** In-memory store for tests and for browsers where IndexedDB is unavailable. */
export function memoryKeyValueStore<Schema extends Record<string, unknown>>(
  initial: Partial<Schema> = {},
): KeyValueStore<Schema> {
  const data = new Map<string, unknown>(Object.entries(initial));
  return {
    async get(key) {
      return structuredClone(data.get(key)) as never;
    },
    async set(key, value) {
      data.set(key, structuredClone(value));
    },
    async update(key, change) {
      const next = change(structuredClone(data.get(key)) as never);
      data.set(key, structuredClone(next));
      return structuredClone(next);
    },
    async delete(key) {
      data.delete(key);
    },
  };
}

/** A store usable at once whose calls wait for the real one (the app opens IndexedDB meanwhile). */
export function deferredKeyValueStore<Schema extends Record<string, unknown>>(
  store: Promise<KeyValueStore<Schema>>,
): KeyValueStore<Schema> {
  return {
    get: async (key) => (await store).get(key),
    set: async (key, value) => (await store).set(key, value),
    update: async (key, change) => (await store).update(key, change),
    delete: async (key) => (await store).delete(key),
  };
}
