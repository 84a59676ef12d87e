import { broadcast, CHANNELS } from '@/core/channels';
import { storageUnavailableSentence } from '@/core/errors/storageFailure';
import { VaultError } from '@/core/errors/vault';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import { indexedDbSettingsStore, indexedDbVaultRepository, openCairnDatabase } from '@/core/storage/database';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { unavailableVaultRepository } from '@/core/storage/vaultRepository';
import { memoryLocks, webLocks } from '@/core/tx/locks';
import { loadPasswordEstimator } from '@/core/vault/passwordStrength';
import { VaultHost } from '@/core/vault/shared/vaultHost';
import { VaultSession } from '@/core/vault/vaultSession';

/**
 * Starts the vault host over this browser profile's storage: in the SharedWorker, or in the
 * window elected to hold it where SharedWorker is missing. Where IndexedDB cannot be opened the
 * vault shows as unreadable, with the reason: a vault kept only in memory would lose its keys.
 */
export async function startVaultHost(): Promise<VaultHost> {
  const stores = await openCairnDatabase()
    .then((db) => ({ repository: indexedDbVaultRepository(db), settings: indexedDbSettingsStore<SettingsSchema>(db) }))
    .catch((error: unknown) => ({
      repository: unavailableVaultRepository(
        new VaultError('VAULT_STORAGE_FAILED', storageUnavailableSentence(error), { cause: error }),
      ),
      settings: memoryKeyValueStore<SettingsSchema>(),
    }));
  const session = new VaultSession({
    ...stores,
    estimator: loadPasswordEstimator,
    locks: typeof navigator !== 'undefined' && navigator.locks ? webLocks(navigator.locks) : memoryLocks(),
  });
  await session.init();
  const peers = broadcast(CHANNELS.vaultPeers);
  return new VaultHost(session, peers ? { peers } : {});
}
