/** Where the encrypted vault record lives. `load` returns the raw value, to be checked. */
export interface VaultRepository {
  load(): Promise<unknown>;
  save(record: unknown): Promise<void>;
  clear(): Promise<void>;
}

export function memoryVaultRepository(initial?: unknown): VaultRepository {
  let stored = initial === undefined ? undefined : structuredClone(initial);
  return {
    load: async () => (stored === undefined ? undefined : structuredClone(stored)),
    async save(record) {
      stored = structuredClone(record);
    },
    async clear() {
      stored = undefined;
    },
  };
}
