import { CHANNELS } from '@/core/channels';
import { VaultLockedError } from '@/core/errors/vault';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import type { KeyValueStore } from '@/core/storage/keyValueStore';
import { webLocks } from '@/core/tx/locks';
import { connectionPair, portConnection } from '@/core/vault/shared/hostConnection';
import { VaultClient } from '@/core/vault/shared/vaultClient';
import { abandonDeviceSignature, sendThroughWallet, signOnDevice } from './deviceSignatures';
import { startVaultWorker, type VaultWorker } from './vaultWorker';

/** How this window reaches the vault session (shown nowhere; useful in tests and support). */
export type VaultTransport = 'shared-worker' | 'elected-window' | 'this-window';

/**
 * Connects this window to the one vault session of the browser profile:
 * 1. a SharedWorker (every modern desktop browser; `worker` when the page already started it):
 *    the session outlives any single window and keys never sit in a page;
 * 2. where SharedWorker is missing: the window holding a Web Lock hosts the session and the
 *    others reach it over a BroadcastChannel (closing that window locks every window);
 * 3. with neither (old browsers only): this window alone. Storage writes are still checked, so
 *    several such windows lose nothing, but each unlocks on its own; a lock in one still locks the
 *    others where BroadcastChannel exists (the hosts tell each other, see VaultHost's peers).
 */
export async function connectToVault(
  settings: KeyValueStore<SettingsSchema>,
  worker: VaultWorker | undefined = startVaultWorker(),
): Promise<{ client: VaultClient; transport: VaultTransport }> {
  const connected = await connect(settings, worker);
  const { client } = connected;
  client.setDeviceSigner(signOnDevice, sendThroughWallet);
  // A device signature awaited when Cairn locks ends there, whatever screen is showing.
  client.store.subscribe((state) => {
    if (state.status !== 'unlocked') abandonDeviceSignature(new VaultLockedError());
  });
  return connected;
}

async function connect(
  settings: KeyValueStore<SettingsSchema>,
  worker: VaultWorker | undefined,
): Promise<{ client: VaultClient; transport: VaultTransport }> {
  const viaWorker = worker && (await sharedWorkerClient(settings, worker));
  if (viaWorker) return { client: viaWorker, transport: 'shared-worker' };
  if (typeof navigator !== 'undefined' && navigator.locks && typeof BroadcastChannel === 'function') {
    // Loaded only here: with a SharedWorker (every modern desktop browser) the channel's code and
    // its cipher are never needed.
    const { channelClient, hostWhenElected } = await import('@/core/vault/shared/channelTransport');
    const client = new VaultClient(channelClient(new BroadcastChannel(CHANNELS.vault), crypto.randomUUID()), settings);
    hostWhenElected(webLocks(navigator.locks), () => new BroadcastChannel(CHANNELS.vault), startHost);
    await client.init();
    return { client: sayGoodbyeOnLeave(client), transport: 'elected-window' };
  }
  const [here, host] = connectionPair();
  (await startHost()).connect(host);
  const client = new VaultClient(here, settings);
  await client.init();
  return { client, transport: 'this-window' };
}

/** How long a window waits for the vault worker's first answer before hosting the session itself. */
const WORKER_ANSWER_MS = 10_000;

const startHost = () => import('./startVaultHost').then((m) => m.startVaultHost());

async function sharedWorkerClient(
  settings: KeyValueStore<SettingsSchema>,
  { worker, failed }: VaultWorker,
): Promise<VaultClient | undefined> {
  const client = new VaultClient(portConnection(worker.port), settings);
  // A worker script that cannot load (blocked, missing) reports an error instead of answering; one
  // that loads but cannot start never answers. Either way this window falls back to another host
  // (storage writes stay checked, so two hosts lose nothing).
  const gaveUp = new Promise<false>((resolve) => {
    void failed.then(() => resolve(false));
    setTimeout(() => resolve(false), WORKER_ANSWER_MS);
  });
  const ready = await Promise.race([client.init().then(() => true), gaveUp]);
  if (ready) return sayGoodbyeOnLeave(client);
  client.close();
  return undefined;
}

function sayGoodbyeOnLeave(client: VaultClient): VaultClient {
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) client.close();
  });
  return client;
}
