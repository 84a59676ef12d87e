import { createStore, type StoreApi } from 'zustand/vanilla';
import { builtInNetworks, LOCAL_NETWORK_ID, type Network } from '../chain/networks';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { SettingsSchema } from '../storage/settingsSchema';
import { AUTO_LOCK_CHOICES, DEFAULT_AUTO_LOCK_MINUTES } from '../vault/autoLock';

function isAutoLockChoice(value: unknown): value is number {
  return (AUTO_LOCK_CHOICES as readonly unknown[]).includes(value);
}

/** What of the session survives a reload. */
export type PersistedSettings = Pick<SettingsSchema, 'selectedNetworkId' | 'autoLockMinutes'>;

export type SessionState = {
  networks: Network[];
  selectedNetworkId: string;
  /** Lock after this many minutes without input (always on). */
  autoLockMinutes: number;
  /** True when served with the embedded local chain (`npm start`, tests): offers the demo wallet. */
  devchain: boolean;
  selectNetwork(id: string): void;
  setAutoLockMinutes(minutes: number): void;
};

export type SessionStore = StoreApi<SessionState>;

export function selectedNetwork(state: Pick<SessionState, 'networks' | 'selectedNetworkId'>): Network {
  const network = state.networks.find((n) => n.id === state.selectedNetworkId) ?? state.networks[0];
  if (!network) throw new Error('no networks configured');
  return network;
}

/**
 * Creates the session store outside React and restores the persisted parts. Changes to the
 * persisted parts are written back as they happen.
 */
export async function createSessionStore(options: {
  localRpcUrl: string;
  devchain?: boolean;
  settings: KeyValueStore<PersistedSettings>;
}): Promise<SessionStore> {
  const networks = builtInNetworks(options.localRpcUrl);
  const saved = await options.settings.get('selectedNetworkId');
  const selectedNetworkId = networks.some((n) => n.id === saved) ? (saved as string) : LOCAL_NETWORK_ID;
  const savedMinutes = await options.settings.get('autoLockMinutes');
  const autoLockMinutes = isAutoLockChoice(savedMinutes) ? savedMinutes : DEFAULT_AUTO_LOCK_MINUTES;

  const store = createStore<SessionState>()((set, get) => ({
    networks,
    selectedNetworkId,
    autoLockMinutes,
    devchain: options.devchain === true,
    selectNetwork(id) {
      if (!get().networks.some((n) => n.id === id)) return;
      set({ selectedNetworkId: id });
    },
    setAutoLockMinutes(minutes) {
      if (isAutoLockChoice(minutes)) set({ autoLockMinutes: minutes });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.selectedNetworkId !== previous.selectedNetworkId) {
      void options.settings.set('selectedNetworkId', state.selectedNetworkId);
    }
    if (state.autoLockMinutes !== previous.autoLockMinutes) {
      void options.settings.set('autoLockMinutes', state.autoLockMinutes);
    }
  });
  return store;
}
