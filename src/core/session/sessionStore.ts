import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Contact } from '../addressBook/contact';
import { mergeContacts } from '../addressBook/contactMerge';
import type { MediaSettings } from '../assets/nftLinks';
import type { TokenInfo } from '../assets/token';
import {
  EMPTY_NETWORK_CONFIG,
  type NetworkConfig,
  resolveNetworks,
  withAllAccountReads,
  withoutNetwork,
  withSavedNetwork,
} from '../chain/networkConfig';
import { LOCAL_NETWORK_ID, type Network } from '../chain/networks';
import type { Broadcast } from '../channels';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import { readSitePermissions, type SitePermission, siteFor } from '../dapp/sites';
import { SettingsError } from '../errors/settings';
import type { ExplorerConfig } from '../explorer/config';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { SettingsSchema } from '../storage/settingsSchema';
import { storageFailureSentence } from '../storage/storageFailure';
import { AUTO_LOCK_CHOICES, DEFAULT_AUTO_LOCK_MINUTES } from '../vault/autoLock';

function isAutoLockChoice(value: unknown): value is number {
  return (AUTO_LOCK_CHOICES as readonly unknown[]).includes(value);
}

/**
 * The parts of the session that survive a reload, each under its own settings key. The selected
 * network is this window's own (remembered as the next window's default); the others are shared
 * by every window of the profile and kept in step between them.
 */
const SHARED = [
  'autoLockMinutes',
  'networkConfig',
  'customTokens',
  'hiddenTokens',
  'hideZeroBalances',
  'groupByAccount',
  'addressBook',
  'explorers',
  'nftMedia',
  'savedAbis',
  'dappSites',
  'antiPhishingPhrase',
  'language',
] as const;
type SharedKey = (typeof SHARED)[number];
type PersistedKey = SharedKey | 'selectedNetworkId';
export type PersistedSettings = Pick<SettingsSchema, PersistedKey>;

function isSharedKey(value: unknown): value is SharedKey {
  return (SHARED as readonly unknown[]).includes(value);
}

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
  /** Allows (or stops) requests naming all accounts through a network whose RPC the person did not choose. */
  setAllAccountReads(networkId: string, allowed: boolean): void;
  addCustomToken(networkId: string, token: TokenInfo): void;
  removeCustomToken(networkId: string, address: string): void;
  setTokenHidden(networkId: string, address: string, hidden: boolean): void;
  setHideZeroBalances(hide: boolean): void;
  setGroupByAccount(group: boolean): void;
  /** Adds or replaces (same id) a contact. */
  saveContact(contact: Contact): void;
  removeContact(id: string): void;
  /**
   * Adds imported contacts that are not already there, merged into the address book as stored
   * (another window may have changed it since this one read it). Returns what this window saw
   * added and skipped.
   */
  importContacts(incoming: readonly Contact[]): { added: number; skipped: number };
  /** Sets (or with undefined removes) a network's explorer, checked beforehand (see checkExplorer). */
  setExplorer(networkId: string, config: ExplorerConfig | undefined): void;
  setNftMedia(settings: MediaSettings): void;
  /** Adds or replaces (same address) a saved ABI on a network. */
  saveAbi(networkId: string, saved: SavedAbi): void;
  removeAbi(networkId: string, address: string): void;
  /** Changes one site's permission on top of what is stored; `change` returning undefined removes it. */
  updateSite(origin: string, change: (site: SitePermission | undefined) => SitePermission | undefined): void;
  setAntiPhishingPhrase(phrase: string): void;
  /** The language chosen in Settings (a locale tag of src/lib/i18n, or 'browser'). */
  setLanguage(choice: string): void;
  /**
   * Resolves once every change made so far is stored (so "Saved." is only said when it is true);
   * throws SETTINGS_STORAGE_FAILED, in words, when one of them could not be stored.
   */
  whenSaved(): Promise<void>;
};

export const DEFAULT_NFT_MEDIA: MediaSettings = { ipfsGateway: undefined, allowWeb: false };

export type SessionStore = StoreApi<SessionState>;

/** What a shared setting is before anything was saved, or when what is saved cannot be used. */
const DEFAULTS: { [K in SharedKey]: (saved: unknown) => PersistedSettings[K] } = {
  autoLockMinutes: (saved) => (isAutoLockChoice(saved) ? saved : DEFAULT_AUTO_LOCK_MINUTES),
  networkConfig: (saved) => (saved as NetworkConfig | undefined) ?? EMPTY_NETWORK_CONFIG,
  customTokens: (saved) => (saved as Record<string, TokenInfo[]> | undefined) ?? {},
  hiddenTokens: (saved) => (saved as Record<string, string[]> | undefined) ?? {},
  hideZeroBalances: (saved) => saved === true,
  groupByAccount: (saved) => saved === true,
  addressBook: (saved) => (saved as Contact[] | undefined) ?? [],
  explorers: (saved) => (saved as Record<string, ExplorerConfig> | undefined) ?? {},
  nftMedia: (saved) => (saved as MediaSettings | undefined) ?? DEFAULT_NFT_MEDIA,
  savedAbis: (saved) => (saved as Record<string, SavedAbi[]> | undefined) ?? {},
  dappSites: readSitePermissions,
  antiPhishingPhrase: (saved) => (typeof saved === 'string' ? saved : ''),
  language: (saved) => (typeof saved === 'string' && saved !== '' ? saved : 'browser'),
};

/** Tells the other windows of the profile which shared setting changed (see core/channels). */
export type SettingsSync = Pick<Broadcast, 'post' | 'listen'>;

export function selectedNetwork(state: Pick<SessionState, 'networks' | 'selectedNetworkId'>): Network {
  const network = state.networks.find((n) => n.id === state.selectedNetworkId) ?? state.networks[0];
  if (!network) throw new Error('no networks configured');
  return network;
}

/**
 * Creates the session store outside React and restores the persisted parts. Every change to a
 * shared setting is applied here at once and stored as a read-modify-write of the stored value
 * (`KeyValueStore.update`), so two windows changing the address book (say) at the same moment
 * both keep their change; the other windows are told to re-read. Once this window's last write
 * of a key has ended, what is stored is taken in, so a write that failed is put back then (and
 * `onWriteFailed` called at once).
 */
export async function createSessionStore(options: {
  localRpcUrl: string;
  devchain?: boolean;
  settings: KeyValueStore<PersistedSettings>;
  sync?: SettingsSync;
  onWriteFailed?: (error: unknown) => void;
}): Promise<SessionStore> {
  const { settings, localRpcUrl } = options;
  // Listening before the first reads: a change another window makes meanwhile is read again once
  // the store exists (a channel keeps no message for a listener that comes later).
  const heardEarly = new Set<SharedKey>();
  let hear = (key: SharedKey) => void heardEarly.add(key);
  options.sync?.listen((key) => {
    if (isSharedKey(key)) hear(key);
  });
  // All at once: IndexedDB answers them in one round, before the first screen.
  const [savedNetwork, ...savedShared] = await Promise.all([
    settings.get('selectedNetworkId'),
    ...SHARED.map((key) => settings.get(key)),
  ]);
  const restored = Object.fromEntries(SHARED.map((key, i) => [key, DEFAULTS[key](savedShared[i])])) as Pick<
    PersistedSettings,
    SharedKey
  >;
  const networks = resolveNetworks(localRpcUrl, restored.networkConfig);

  /** Writes in flight, each resolving to the error it failed with, if any. */
  const pending = new Set<Promise<unknown>>();
  /** Puts a shared value in the state (and what follows from it). */
  const apply = <K extends SharedKey>(key: K, value: PersistedSettings[K]) => {
    if (key !== 'networkConfig') {
      store.setState({ [key]: value } as Partial<SessionState>);
      return;
    }
    const config = value as NetworkConfig;
    const next = resolveNetworks(localRpcUrl, config);
    const current = store.getState().selectedNetworkId;
    const selected = next.some((n) => n.id === current) ? current : LOCAL_NETWORK_ID;
    store.setState({ networkConfig: config, networks: next, selectedNetworkId: selected });
  };
  // While this window is writing a key, the state shows its newest change: storage's answer to an
  // older write would show an older value for a moment (two quick changes of language showed the
  // first again before the second), and another window's value would show and then be replaced
  // by ours. What is stored is taken in once the key's last write has ended.
  /** This window's writes in flight, per key. */
  const writing = new Map<SharedKey, number>();
  /** Changes made in this window, per key: a read begun before one is older than what it shows. */
  const changes = new Map<SharedKey, number>();
  /** Keys to read again when their last write ends: changed elsewhere, or by an older write, meanwhile. */
  const reread = new Set<SharedKey>();
  /**
   * Takes in what is stored for the key, unless this window has changed it since the read began:
   * that change's write ends later and shows what is stored then.
   */
  const takeStored = async (key: SharedKey) => {
    const asked = changes.get(key);
    const stored = await settings.get(key).catch(() => undefined);
    if (changes.get(key) === asked) apply(key, DEFAULTS[key](stored));
  };
  /** One of this window's writes of the key ended (with what it stored, unless it failed). */
  const writeEnded = async <K extends SharedKey>(key: K, stored: { value: PersistedSettings[K] } | undefined) => {
    const left = (writing.get(key) ?? 1) - 1;
    if (left > 0) {
      writing.set(key, left);
      reread.add(key);
      return;
    }
    writing.delete(key);
    if (stored && !reread.has(key)) {
      apply(key, stored.value);
    } else {
      reread.delete(key);
      await takeStored(key);
    }
  };
  const store = createStore<SessionState>()((set, get) => {
    /** Changes a shared setting here now, and in storage on top of whatever is stored by then. */
    const change = <K extends SharedKey>(key: K, fn: (current: PersistedSettings[K]) => PersistedSettings[K]) => {
      apply(key, fn(get()[key]));
      writing.set(key, (writing.get(key) ?? 0) + 1);
      changes.set(key, (changes.get(key) ?? 0) + 1);
      const write: Promise<unknown> = settings
        .update(key, (stored) => fn(DEFAULTS[key](stored)))
        .then(
          async (stored) => {
            options.sync?.post(key);
            await writeEnded(key, { value: stored });
            return undefined;
          },
          async (error: unknown) => {
            options.onWriteFailed?.(error);
            await writeEnded(key, undefined);
            return error ?? new Error('write failed');
          },
        )
        .finally(() => pending.delete(write));
      pending.add(write);
    };
    const perNetwork = <T>(map: Record<string, T[]>, networkId: string) => map[networkId] ?? [];
    return {
      ...restored,
      networks,
      selectedNetworkId: networks.some((n) => n.id === savedNetwork) ? (savedNetwork as string) : LOCAL_NETWORK_ID,
      devchain: options.devchain === true,
      selectNetwork(id) {
        if (!get().networks.some((n) => n.id === id)) return;
        set({ selectedNetworkId: id });
        // Only the next window's default: failing to remember it is not worth a word.
        const write: Promise<unknown> = settings
          .set('selectedNetworkId', id)
          .catch(() => undefined)
          .finally(() => pending.delete(write));
        pending.add(write);
      },
      setAutoLockMinutes(minutes) {
        if (isAutoLockChoice(minutes)) change('autoLockMinutes', () => minutes);
      },
      saveNetwork(network) {
        change('networkConfig', (config) => withSavedNetwork(config, network));
      },
      removeNetwork(id) {
        change('networkConfig', (config) => withoutNetwork(config, id));
      },
      setAllAccountReads(networkId, allowed) {
        change('networkConfig', (config) => withAllAccountReads(config, networkId, allowed));
      },
      addCustomToken(networkId, token) {
        const same = (t: TokenInfo) => t.address.toLowerCase() === token.address.toLowerCase();
        change('customTokens', (all) => ({
          ...all,
          [networkId]: [...perNetwork(all, networkId).filter((t) => !same(t)), token],
        }));
        get().setTokenHidden(networkId, token.address, false);
      },
      removeCustomToken(networkId, address) {
        change('customTokens', (all) => ({
          ...all,
          [networkId]: perNetwork(all, networkId).filter((t) => t.address.toLowerCase() !== address.toLowerCase()),
        }));
      },
      setTokenHidden(networkId, address, hidden) {
        const key = address.toLowerCase();
        change('hiddenTokens', (all) => {
          const rest = perNetwork(all, networkId).filter((a) => a !== key);
          return { ...all, [networkId]: hidden ? [...rest, key] : rest };
        });
      },
      setHideZeroBalances(hide) {
        change('hideZeroBalances', () => hide);
      },
      setGroupByAccount(group) {
        change('groupByAccount', () => group);
      },
      saveContact(contact) {
        change('addressBook', (book) => [...book.filter((c) => c.id !== contact.id), contact]);
      },
      removeContact(id) {
        change('addressBook', (book) => book.filter((c) => c.id !== id));
      },
      importContacts(incoming) {
        const { added, skipped } = mergeContacts(get().addressBook, incoming);
        if (added > 0) change('addressBook', (book) => mergeContacts(book, incoming).contacts);
        return { added, skipped };
      },
      setExplorer(networkId, config) {
        change('explorers', (all) => {
          const { [networkId]: _old, ...rest } = all;
          return config ? { ...rest, [networkId]: config } : rest;
        });
      },
      setNftMedia(media) {
        change('nftMedia', () => media);
      },
      saveAbi(networkId, saved) {
        const same = (a: SavedAbi) => a.address.toLowerCase() === saved.address.toLowerCase();
        change('savedAbis', (all) => ({
          ...all,
          [networkId]: [...perNetwork(all, networkId).filter((a) => !same(a)), saved],
        }));
      },
      removeAbi(networkId, address) {
        change('savedAbis', (all) => ({
          ...all,
          [networkId]: perNetwork(all, networkId).filter((a) => a.address.toLowerCase() !== address.toLowerCase()),
        }));
      },
      updateSite(origin, fn) {
        change('dappSites', (all) => {
          const { [origin]: _old, ...rest } = all;
          const next = fn(siteFor(all, origin));
          return next ? { ...rest, [origin]: next } : rest;
        });
      },
      setAntiPhishingPhrase(phrase) {
        change('antiPhishingPhrase', () => phrase);
      },
      setLanguage(choice) {
        change('language', () => choice);
      },
      async whenSaved() {
        const failure = (await Promise.all([...pending])).find((outcome) => outcome !== undefined);
        if (failure !== undefined) {
          throw new SettingsError('SETTINGS_STORAGE_FAILED', storageFailureSentence(failure, 'thisChange'), {
            cause: failure,
          });
        }
      },
    };
  });
  // Another window changed a shared setting: take in what it stored (nothing is written back).
  hear = (key) => {
    if (writing.has(key)) reread.add(key);
    else void takeStored(key);
  };
  for (const key of heardEarly) hear(key);
  return store;
}
