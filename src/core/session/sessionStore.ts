import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ExplorerConfig } from '../activity/explorer';
import type { SavedAbi } from '../activity/txDecode';
import type { Contact } from '../addressBook/contact';
import type { MediaSettings } from '../assets/nftMetadata';
import type { TokenInfo } from '../assets/token';
import {
  EMPTY_NETWORK_CONFIG,
  type NetworkConfig,
  resolveNetworks,
  withoutNetwork,
  withSavedNetwork,
} from '../chain/networkConfig';
import { LOCAL_NETWORK_ID, type Network } from '../chain/networks';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { SettingsSchema } from '../storage/settingsSchema';
import { AUTO_LOCK_CHOICES, DEFAULT_AUTO_LOCK_MINUTES } from '../vault/autoLock';

function isAutoLockChoice(value: unknown): value is number {
  return (AUTO_LOCK_CHOICES as readonly unknown[]).includes(value);
}

/** The parts of the session that survive a reload, each under its own settings key. */
const PERSISTED = [
  'selectedNetworkId',
  'autoLockMinutes',
  'networkConfig',
  'customTokens',
  'hiddenTokens',
  'hideZeroBalances',
  'addressBook',
  'explorers',
  'nftMedia',
  'savedAbis',
] as const;
type PersistedKey = (typeof PERSISTED)[number];
export type PersistedSettings = Pick<SettingsSchema, PersistedKey>;

export type SessionState = PersistedSettings & {
  networks: Network[];
  /** True when served with the embedded local chain (`npm start`, tests): offers the demo wallet. */
  devchain: boolean;
  selectNetwork(id: string): void;
  setAutoLockMinutes(minutes: number): void;
  /** Saves a checked network (see verifyNetwork): an edit of a built-in, or a custom network. */
  saveNetwork(network: Network): void;
  /** Removes a custom network, or resets a built-in one to its defaults. */
  removeNetwork(id: string): void;
  addCustomToken(networkId: string, token: TokenInfo): void;
  removeCustomToken(networkId: string, address: string): void;
  setTokenHidden(networkId: string, address: string, hidden: boolean): void;
  setHideZeroBalances(hide: boolean): void;
  /** Adds or replaces (same id) a contact. */
  saveContact(contact: Contact): void;
  removeContact(id: string): void;
  /** Replaces the whole address book (after an import the person confirmed). */
  setAddressBook(contacts: Contact[]): void;
  /** Sets (or with undefined removes) a network's explorer, checked beforehand (see checkExplorer). */
  setExplorer(networkId: string, config: ExplorerConfig | undefined): void;
  setNftMedia(settings: MediaSettings): void;
  /** Adds or replaces (same address) a saved ABI on a network. */
  saveAbi(networkId: string, saved: SavedAbi): void;
  /** Resolves once every change made so far is stored (so "Saved." is only said when it is true). */
  whenSaved(): Promise<void>;
  removeAbi(networkId: string, address: string): void;
};

export const DEFAULT_NFT_MEDIA: MediaSettings = { ipfsGateway: undefined, allowWeb: false };

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
  const { settings, localRpcUrl } = options;
  // All at once: IndexedDB answers them in one round, before the first screen.
  const [
    savedConfig,
    savedNetwork,
    savedMinutes,
    savedCustomTokens,
    savedHiddenTokens,
    savedHideZero,
    savedAddressBook,
    savedExplorers,
    savedNftMedia,
    savedAbisByNetwork,
  ] = await Promise.all([
    settings.get('networkConfig'),
    settings.get('selectedNetworkId'),
    settings.get('autoLockMinutes'),
    settings.get('customTokens'),
    settings.get('hiddenTokens'),
    settings.get('hideZeroBalances'),
    settings.get('addressBook'),
    settings.get('explorers'),
    settings.get('nftMedia'),
    settings.get('savedAbis'),
  ]);
  const networkConfig = savedConfig ?? EMPTY_NETWORK_CONFIG;
  const networks = resolveNetworks(localRpcUrl, networkConfig);
  const customTokens = savedCustomTokens ?? {};
  const hiddenTokens = savedHiddenTokens ?? {};
  const hideZeroBalances = savedHideZero ?? false;
  const addressBook = savedAddressBook ?? [];
  const explorers = savedExplorers ?? {};
  const nftMedia = savedNftMedia ?? DEFAULT_NFT_MEDIA;
  const savedAbis = savedAbisByNetwork ?? {};

  const pending = new Set<Promise<unknown>>();
  const store = createStore<SessionState>()((set, get) => {
    const updateNetworks = (config: NetworkConfig) => {
      const next = resolveNetworks(localRpcUrl, config);
      const selected = next.some((n) => n.id === get().selectedNetworkId) ? get().selectedNetworkId : LOCAL_NETWORK_ID;
      set({ networkConfig: config, networks: next, selectedNetworkId: selected });
    };
    const tokensOf = (networkId: string) => get().customTokens[networkId] ?? [];
    const hiddenOf = (networkId: string) => get().hiddenTokens[networkId] ?? [];
    return {
      networks,
      networkConfig,
      selectedNetworkId: networks.some((n) => n.id === savedNetwork) ? (savedNetwork as string) : LOCAL_NETWORK_ID,
      autoLockMinutes: isAutoLockChoice(savedMinutes) ? savedMinutes : DEFAULT_AUTO_LOCK_MINUTES,
      customTokens,
      hiddenTokens,
      hideZeroBalances,
      addressBook,
      explorers,
      nftMedia,
      savedAbis,
      devchain: options.devchain === true,
      selectNetwork(id) {
        if (get().networks.some((n) => n.id === id)) set({ selectedNetworkId: id });
      },
      setAutoLockMinutes(minutes) {
        if (isAutoLockChoice(minutes)) set({ autoLockMinutes: minutes });
      },
      saveNetwork(network) {
        updateNetworks(withSavedNetwork(get().networkConfig, network));
      },
      removeNetwork(id) {
        updateNetworks(withoutNetwork(get().networkConfig, id));
      },
      addCustomToken(networkId, token) {
        const others = tokensOf(networkId).filter((t) => t.address.toLowerCase() !== token.address.toLowerCase());
        set({ customTokens: { ...get().customTokens, [networkId]: [...others, token] } });
        get().setTokenHidden(networkId, token.address, false);
      },
      removeCustomToken(networkId, address) {
        const rest = tokensOf(networkId).filter((t) => t.address.toLowerCase() !== address.toLowerCase());
        set({ customTokens: { ...get().customTokens, [networkId]: rest } });
      },
      setTokenHidden(networkId, address, hidden) {
        const key = address.toLowerCase();
        const rest = hiddenOf(networkId).filter((a) => a !== key);
        set({ hiddenTokens: { ...get().hiddenTokens, [networkId]: hidden ? [...rest, key] : rest } });
      },
      setHideZeroBalances(hide) {
        set({ hideZeroBalances: hide });
      },
      saveContact(contact) {
        const others = get().addressBook.filter((c) => c.id !== contact.id);
        set({ addressBook: [...others, contact] });
      },
      removeContact(id) {
        set({ addressBook: get().addressBook.filter((c) => c.id !== id) });
      },
      setAddressBook(contacts) {
        set({ addressBook: contacts });
      },
      setExplorer(networkId, config) {
        const { [networkId]: _old, ...rest } = get().explorers;
        set({ explorers: config ? { ...rest, [networkId]: config } : rest });
      },
      setNftMedia(settings) {
        set({ nftMedia: settings });
      },
      saveAbi(networkId, saved) {
        const others = (get().savedAbis[networkId] ?? []).filter(
          (a) => a.address.toLowerCase() !== saved.address.toLowerCase(),
        );
        set({ savedAbis: { ...get().savedAbis, [networkId]: [...others, saved] } });
      },
      removeAbi(networkId, address) {
        const rest = (get().savedAbis[networkId] ?? []).filter(
          (a) => a.address.toLowerCase() !== address.toLowerCase(),
        );
        set({ savedAbis: { ...get().savedAbis, [networkId]: rest } });
      },
      async whenSaved() {
        await Promise.allSettled([...pending]);
      },
    };
  });
  store.subscribe((state, previous) => {
    for (const key of PERSISTED) {
      if (state[key] === previous[key]) continue;
      const write: Promise<void> = settings
        .set(key, state[key] as never)
        .catch(() => undefined)
        .finally(() => pending.delete(write));
      pending.add(write);
    }
  });
  return store;
}
