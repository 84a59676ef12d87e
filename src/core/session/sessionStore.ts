import { createStore, type StoreApi } from 'zustand/vanilla';
import { builtInNetworks, LOCAL_NETWORK_ID, type Network } from '../chain/networks';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { SettingsSchema } from '../storage/settingsSchema';

/** What of the session survives a reload. */
export type PersistedSettings = Pick<SettingsSchema, 'selectedNetworkId'>;

export type SessionState = {
  networks: Network[];
  selectedNetworkId: string;
  selectNetwork(id: string): void;
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
  settings: KeyValueStore<PersistedSettings>;
}): Promise<SessionStore> {
  const networks = builtInNetworks(options.localRpcUrl);
  const saved = await options.settings.get('selectedNetworkId');
  const selectedNetworkId = networks.some((n) => n.id === saved) ? (saved as string) : LOCAL_NETWORK_ID;

  const store = createStore<SessionState>()((set, get) => ({
    networks,
    selectedNetworkId,
    selectNetwork(id) {
      if (!get().networks.some((n) => n.id === id)) return;
      set({ selectedNetworkId: id });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.selectedNetworkId !== previous.selectedNetworkId) {
      void options.settings.set('selectedNetworkId', state.selectedNetworkId);
    }
  });
  return store;
}
