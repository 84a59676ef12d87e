/**
 * Where the encrypted vault record lives. `load` returns the raw value, to be checked. Every
 * write is conditional: `saveIf` stores the record only when the stored value still passes
 * `isExpected` (checked and written in one storage transaction, so no other window can write in
 * between) and says whether it did. A failed write throws and leaves the stored value as it was.
 */
export interface VaultRepository {
  load(): Promise<unknown>;
  saveIf(isExpected: (stored: unknown) => boolean, record: unknown): Promise<boolean>;
  /** Deletes the stored value only if it still passes `isExpected`, in one storage transaction. */
  clearIf(isExpected: (stored: unknown) => boolean): Promise<boolean>;
}

export function memoryVaultRepository(initial?: unknown): VaultRepository {
  let stored = initial === undefined ? undefined : structuredClone(initial);
  return {
    load: async () => (stored === undefined ? undefined : structuredClone(stored)),
    async saveIf(isExpected, record) {
      if (!isExpected(stored === undefined ? undefined : structuredClone(stored))) return false;
      stored = structuredClone(record);
      return true;
    },
    async clearIf(isExpected) {
      if (!isExpected(stored === undefined ? undefined : structuredClone(stored))) return false;
      stored = undefined;
      return true;
    },
  };
}

/**
 * Storage that could not be opened: every read and write fails with `error`, so a vault session
 * over it shows the vault as unreadable and creates nothing. Never a memory vault in its place,
 * whose keys would be lost with the last window.
 */
export function unavailableVaultRepository(error: unknown): VaultRepository {
  const fail = async (): Promise<never> => {
    throw error;
  };
  return { load: fail, saveIf: fail, clearIf: fail };
}
