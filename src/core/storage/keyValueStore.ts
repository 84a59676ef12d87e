/** A small asynchronous key-value store: the shape every persisted setting goes through. */
export interface KeyValueStore<Schema extends Record<string, unknown>> {
  get<K extends keyof Schema & string>(key: K): Promise<Schema[K] | undefined>;
  set<K extends keyof Schema & string>(key: K, value: Schema[K]): Promise<void>;
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
    async delete(key) {
      data.delete(key);
    },
  };
}
