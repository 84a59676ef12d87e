import type { StoreApi } from 'zustand/vanilla';
import type { ClientVaultState } from '@/core/vault/shared/vaultClient';

/** How the browser keeps Cairn's storage, as far as it tells. */
export type StorageStatus = {
  /** True: kept until the person clears it; false: may be evicted; undefined: the browser does not say. */
  persistent: boolean | undefined;
  usedBytes: number | undefined;
  quotaBytes: number | undefined;
};

/** Asks the browser to keep Cairn's storage; resolves to whether it agreed. */
export async function requestPersistence(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

export async function storageStatus(): Promise<StorageStatus> {
  const manager = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [persistent, estimate] = await Promise.all([
    manager?.persisted?.().catch(() => undefined),
    manager?.estimate?.().catch(() => undefined),
  ]);
  return { persistent, usedBytes: estimate?.usage, quotaBytes: estimate?.quota };
}

/**
 * Asks for persistent storage as soon as a vault is saved here (and at each later start, as the
 * browser may grant it once Cairn is used more or installed): a wallet must not live in storage
 * the browser may clear under pressure.
 */
export function requestPersistenceOnceSaved(vault: StoreApi<ClientVaultState>): void {
  let asked = false;
  const check = (state: ClientVaultState) => {
    if (asked || (state.status !== 'locked' && state.status !== 'unlocked')) return;
    asked = true;
    void requestPersistence();
  };
  check(vault.getState());
  vault.subscribe(check);
}
