import { createStore, type StoreApi } from 'zustand/vanilla';
import { addressBookSetting } from '../addressBook/addressBookSetting';
import { nftMediaSetting } from '../assets/nftMediaSetting';
import {
  customTokensSetting,
  groupByAccountSetting,
  hiddenTokensSetting,
  hideZeroBalancesSetting,
} from '../assets/tokenSettings';
import { defaultFollowed, type NetworkView, resolveFollowed, resolveNetworkView } from '../chain/followedNetworks';
import { followedNetworksSetting } from '../chain/followedNetworksSetting';
import { resolveNetworks } from '../chain/networkConfig';
import { networkSetting } from '../chain/networkSetting';
import { LOCAL_NETWORK_ID, type Network } from '../chain/networks';
import { savedAbisSetting } from '../contracts/savedAbisSetting';
import { antiPhishingPhraseSetting, dappSitesSetting } from '../dapp/siteSettings';
import { explorerSetting } from '../explorer/explorerSetting';
import { safeTxSetting } from '../safe/safeTxSetting';
import type { SyncedSetting } from '../settingDeclaration';
import type { KeyValueStore } from '../storage/keyValueStore';
import { type SettingsSync, syncedSettings } from '../storage/syncedSettings';
import { autoLockSetting } from '../vault/autoLockSetting';
import { drillIntervalSetting } from '../vault/drillIntervalSetting';
import { verificationSetting } from '../verify/verificationSetting';
import { languageSetting } from './languageSetting';
import type { SettingsSchema } from './settingsSchema';

export { DEFAULT_NFT_MEDIA } from '../assets/nftMediaSetting';
export type { SettingsSync } from '../storage/syncedSettings';

/**
 * The settings shared by every window of the profile and kept in step between them, each declared
 * by its domain, each under its own settings key.
 */
const SHARED = {
  autoLockMinutes: autoLockSetting,
  recoveryDrillDays: drillIntervalSetting,
  networkConfig: networkSetting,
  followedNetworks: followedNetworksSetting,
  customTokens: customTokensSetting,
  hiddenTokens: hiddenTokensSetting,
  hideZeroBalances: hideZeroBalancesSetting,
  groupByAccount: groupByAccountSetting,
  addressBook: addressBookSetting,
  explorers: explorerSetting,
  nftMedia: nftMediaSetting,
  savedAbis: savedAbisSetting,
  dappSites: dappSitesSetting,
  antiPhishingPhrase: antiPhishingPhraseSetting,
  language: languageSetting,
  safeTransactions: safeTxSetting,
  verification: verificationSetting,
} satisfies { [K in keyof SettingsSchema]?: SyncedSetting<K, SettingsSchema[K], object> };

type SharedKey = keyof typeof SHARED;
/** The selected network is this window's own (remembered as the next window's default). */
type PersistedKey = SharedKey | 'selectedNetworkId';
export type PersistedSettings = Pick<SettingsSchema, PersistedKey>;

/** Every setting's actions, as its domain declares them. */
type SettingActions = {
  [K in SharedKey]: (x: ReturnType<(typeof SHARED)[K]['actions']>) => void;
}[SharedKey] extends (x: infer All) => void
  ? All
  : never;

export type SessionState = PersistedSettings &
  SettingActions & {
    networks: Network[];
    /** True when served with the embedded local chain (`npm start`, tests): offers the demo wallet. */
    devchain: boolean;
    selectNetwork(id: string): void;
    /**
     * The networks followed before the person chose any (see defaultFollowed), as this window
     * found them at its start: what `followedNetworks` resolves to when none of its ids does
     * (nothing stored yet: it is stored under the first follow or unfollow, so writing nothing
     * at start).
     */
    followedDefault: string[];
    /** What this window shows (its own, not kept): every followed network, or one of them by id. */
    networkView: NetworkView;
    setNetworkView(view: NetworkView): void;
    /**
     * Resolves once every change made so far is stored (so "Saved." is only said when it is true);
     * throws SETTINGS_STORAGE_FAILED, in words, when one of them could not be stored.
     */
    whenSaved(): Promise<void>;
  };

export type SessionStore = StoreApi<SessionState>;

export function selectedNetwork(state: Pick<SessionState, 'networks' | 'selectedNetworkId'>): Network {
  const network = state.networks.find((n) => n.id === state.selectedNetworkId) ?? state.networks[0];
  if (!network) throw new Error('no networks configured');
  return network;
}

/** The networks Cairn follows, resolved: never empty, ids of removed networks left out. */
export function followedNetworks(
  state: Pick<SessionState, 'networks' | 'followedNetworks' | 'followedDefault'>,
): Network[] {
  return resolveFollowed(state.followedNetworks, state.networks, state.followedDefault);
}

/** The followed networks, with `network` first when it is not one of them (compared by id). */
export function withNetwork(followed: readonly Network[], network: Network): Network[] {
  return followed.some((n) => n.id === network.id) ? [...followed] : [network, ...followed];
}

/** Whether this window shows every followed network at once: several followed, and all viewed. */
export function viewsAll(
  state: Pick<SessionState, 'networks' | 'followedNetworks' | 'followedDefault' | 'networkView'>,
): boolean {
  return networkView(state) === 'all' && followedNetworks(state).length > 1;
}

/** This window's view: 'all', or the one network it names (all once that one is removed). */
export function networkView(state: Pick<SessionState, 'networks' | 'networkView'>): 'all' | Network {
  return resolveNetworkView(state.networkView, state.networks);
}

/**
 * Creates the session store outside React and restores the persisted parts: the settings the
 * domains declare, kept in storage and in step with the other windows by syncedSettings, and the
 * networks that follow from the network settings.
 */
export async function createSessionStore(options: {
  /** The local chain's RPC URL, or URLs (the same node listed twice). */
  localRpcUrl: string | readonly string[];
  /** The local OP chain's RPC URLs, where one runs beside the local chain. */
  localOpRpcUrls?: readonly string[];
  devchain?: boolean;
  settings: KeyValueStore<PersistedSettings>;
  sync?: SettingsSync;
  onWriteFailed?: (error: unknown) => void;
  /** A stored setting could not be used (damaged, or of an unknown form): its SettingsError, in words. */
  onReadFailed?: (error: unknown) => void;
}): Promise<SessionStore> {
  const { settings, localRpcUrl, localOpRpcUrls = [] } = options;
  const synced = syncedSettings<PersistedSettings, SharedKey>({
    declarations: SHARED,
    settings,
    sync: options.sync,
    onWriteFailed: options.onWriteFailed,
    onReadFailed: options.onReadFailed,
  });
  // All at once: IndexedDB answers them in one round, before the first screen.
  const [savedNetwork, restored] = await Promise.all([settings.get('selectedNetworkId'), synced.restore()]);
  const networks = resolveNetworks(localRpcUrl, restored.networkConfig, localOpRpcUrls);
  const followedDefault = defaultFollowed({
    savedNetworkId: savedNetwork,
    devchain: options.devchain === true,
    networks,
  });

  const store = createStore<SessionState>()((set, get) => {
    /** How a setting's actions change it. */
    const change =
      <K extends SharedKey>(key: K) =>
      (fn: (value: PersistedSettings[K]) => PersistedSettings[K]) =>
        synced.change(key, fn);
    const actions: SettingActions = {
      ...SHARED.autoLockMinutes.actions(change('autoLockMinutes')),
      ...SHARED.recoveryDrillDays.actions(change('recoveryDrillDays')),
      ...SHARED.networkConfig.actions(change('networkConfig')),
      ...SHARED.followedNetworks.actions(change('followedNetworks')),
      ...SHARED.customTokens.actions(change('customTokens')),
      ...SHARED.hiddenTokens.actions(change('hiddenTokens')),
      ...SHARED.hideZeroBalances.actions(change('hideZeroBalances')),
      ...SHARED.groupByAccount.actions(change('groupByAccount')),
      ...SHARED.addressBook.actions(change('addressBook'), () => get().addressBook),
      ...SHARED.explorers.actions(change('explorers')),
      ...SHARED.nftMedia.actions(change('nftMedia')),
      ...SHARED.savedAbis.actions(change('savedAbis')),
      ...SHARED.dappSites.actions(change('dappSites')),
      ...SHARED.antiPhishingPhrase.actions(change('antiPhishingPhrase')),
      ...SHARED.language.actions(change('language')),
      ...SHARED.safeTransactions.actions(change('safeTransactions')),
      ...SHARED.verification.actions(change('verification')),
    };
    /**
     * A change to a list that shows the default (nothing stored, unreadable, or naming only
     * networks since removed) starts from the default shown, so what was shown stays followed.
     */
    const namesNone = (ids: readonly string[]) => !ids.some((id) => get().networks.some((n) => n.id === id));
    const fromDefault = () => {
      if (namesNone(get().followedNetworks))
        synced.change('followedNetworks', (ids) => (namesNone(ids) ? followedDefault : ids));
    };
    return {
      ...restored,
      ...actions,
      networks,
      selectedNetworkId:
        typeof savedNetwork === 'string' && networks.some((n) => n.id === savedNetwork)
          ? savedNetwork
          : LOCAL_NETWORK_ID,
      devchain: options.devchain === true,
      followedDefault,
      networkView: 'all',
      // Viewing one network selects it too: the chip, the lists and the one-network tools agree.
      setNetworkView(view) {
        if (view === 'all') return set({ networkView: view });
        if (!get().networks.some((n) => n.id === view)) return;
        // In one change: no one ever sees the view on one network and the selection on another.
        set({ networkView: view, selectedNetworkId: view });
        synced.track(settings.set('selectedNetworkId', view));
      },
      followNetwork(id) {
        if (!get().networks.some((n) => n.id === id)) return;
        fromDefault();
        actions.followNetwork(id);
      },
      // The last network followed stays followed, counting only networks that still exist.
      unfollowNetwork(id) {
        const rest = followedNetworks(get()).filter((n) => n.id !== id);
        if (rest.length === 0) return;
        fromDefault();
        actions.unfollowNetwork(id);
      },
      // Adding a token also shows it again.
      addCustomToken(networkId, token) {
        actions.addCustomToken(networkId, token);
        actions.setTokenHidden(networkId, token.address, false);
      },
      // A window viewing one network views the one selected, so the chip and the lists agree.
      selectNetwork(id) {
        if (!get().networks.some((n) => n.id === id)) return;
        set(get().networkView === 'all' ? { selectedNetworkId: id } : { selectedNetworkId: id, networkView: id });
        // Only the next window's default: failing to remember it is not worth a word.
        synced.track(settings.set('selectedNetworkId', id));
      },
      whenSaved: synced.whenSaved,
    };
  });
  synced.start({
    current: (key) => store.getState()[key],
    show(key, value) {
      if (key !== 'networkConfig') {
        store.setState({ [key]: value } as Partial<SessionState>);
        return;
      }
      const config = value as PersistedSettings['networkConfig'];
      const next = resolveNetworks(localRpcUrl, config, localOpRpcUrls);
      const current = store.getState().selectedNetworkId;
      const selected = next.some((n) => n.id === current) ? current : LOCAL_NETWORK_ID;
      store.setState({ networkConfig: config, networks: next, selectedNetworkId: selected });
    },
  });
  return store;
}
