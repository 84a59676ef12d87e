// The networks Cairn follows (a synced setting, migrated once from the last window's choice) and
// each window's own view of them.
import { describe, expect, it } from 'vitest';
import { settingsChannels } from '../../testing/settingsWindows';
import { builtInNetworks, type Network } from '../chain/networks';
import { memoryKeyValueStore } from '../storage/keyValueStore';
import { createSessionStore, followedNetworks, networkView, type PersistedSettings, withNetwork } from './sessionStore';

const localRpcUrl = 'http://127.0.0.1:8545';

async function opened(stored: Record<string, unknown>, devchain = false) {
  const failures: unknown[] = [];
  const settings = memoryKeyValueStore<PersistedSettings>(stored as Partial<PersistedSettings>);
  const store = await createSessionStore({ localRpcUrl, settings, devchain, onReadFailed: (e) => failures.push(e) });
  await store.getState().whenSaved();
  return { store, settings, failures };
}

const ids = (state: Parameters<typeof followedNetworks>[0]) => followedNetworks(state).map((n) => n.id);

describe('session store: followed networks, first start', () => {
  it('follows the network the last window had chosen, storing nothing until a change', async () => {
    const { store, settings } = await opened({ selectedNetworkId: 'base' });
    expect(ids(store.getState())).toEqual(['base']);
    expect(await settings.get('followedNetworks')).toBeUndefined();
    // The selected network stays, for the site window.
    expect(store.getState().selectedNetworkId).toBe('base');
    store.getState().followNetwork('optimism');
    await store.getState().whenSaved();
    expect(await settings.get('followedNetworks')).toEqual(['base', 'optimism']);
  });

  it('else the local chain on a page served with it, else Ethereum', async () => {
    expect(ids((await opened({}, true)).store.getState())).toEqual(['local']);
    expect(ids((await opened({}, false)).store.getState())).toEqual(['ethereum']);
    const gone = await opened({ selectedNetworkId: 'gone' }, false);
    expect(ids(gone.store.getState())).toEqual(['ethereum']);
    gone.store.getState().unfollowNetwork('ethereum');
    gone.store.getState().followNetwork('gnosis');
    await gone.store.getState().whenSaved();
    expect(await gone.settings.get('followedNetworks')).toEqual(['ethereum', 'gnosis']);
  });

  it('keeps what is stored, whatever the last selection', async () => {
    const { store } = await opened({ selectedNetworkId: 'base', followedNetworks: ['optimism', 'ethereum'] });
    expect(ids(store.getState())).toEqual(['ethereum', 'optimism']);
  });

  it('a window whose default differs takes in the first choice another window stored', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({});
    const channels = settingsChannels();
    const first = await createSessionStore({ localRpcUrl, settings, devchain: true, sync: channels() });
    const second = await createSessionStore({ localRpcUrl, settings, devchain: false, sync: channels() });
    expect(ids(second.getState())).toEqual(['ethereum']);
    first.getState().followNetwork('base');
    await first.getState().whenSaved();
    expect(await settings.get('followedNetworks')).toEqual(['local', 'base']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ids(second.getState())).toEqual(['local', 'base']);
  });
});

describe('session store: following and unfollowing', () => {
  it('follows and unfollows, stored and shared with the other windows', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({ followedNetworks: ['ethereum'] });
    const channels = settingsChannels();
    const a = await createSessionStore({ localRpcUrl, settings, sync: channels() });
    const b = await createSessionStore({ localRpcUrl, settings, sync: channels() });
    a.getState().followNetwork('base');
    a.getState().followNetwork('arbitrum');
    a.getState().unfollowNetwork('ethereum');
    await a.getState().whenSaved();
    expect(ids(a.getState())).toEqual(['base', 'arbitrum']);
    expect(await settings.get('followedNetworks')).toEqual(['base', 'arbitrum']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ids(b.getState())).toEqual(['base', 'arbitrum']);
  });

  it('refuses an unknown network, and leaves the last one followed', async () => {
    const { store, settings } = await opened({ followedNetworks: ['base', 'gone'] });
    store.getState().followNetwork('nope');
    store.getState().unfollowNetwork('base');
    await store.getState().whenSaved();
    expect(ids(store.getState())).toEqual(['base']);
    expect(await settings.get('followedNetworks')).toEqual(['base', 'gone']);
  });

  it('drops a removed network from the list, and falls back to the default when none is left', async () => {
    const custom = {
      id: 'custom-x',
      kind: 'custom',
      name: 'X',
      chainId: 7,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:9999'],
      rpcFrom: 'person',
      explorerUrl: undefined,
      testnet: true,
      blockTimeMs: 1000,
      ensUniversalResolver: undefined,
      l1FeeOracle: undefined,
    };
    const { store } = await opened(
      {
        selectedNetworkId: 'gnosis',
        networkConfig: { edits: {}, custom: [custom] },
        followedNetworks: ['custom-x'],
      },
      true,
    );
    expect(ids(store.getState())).toEqual(['custom-x']);
    store.getState().removeNetwork('custom-x');
    // The default: the last window's network, with the local chain on a page served with it.
    expect(ids(store.getState())).toEqual(['local', 'gnosis']);
    // A change starts from what is shown: leaving one keeps the other, following one adds to both.
    store.getState().unfollowNetwork('gnosis');
    expect(ids(store.getState())).toEqual(['local']);
    store.getState().followNetwork('base');
    expect(ids(store.getState())).toEqual(['local', 'base']);
  });
});

describe('session store: damaged followed networks', () => {
  it('a value that cannot be read is said, shown as the default, and left as stored', async () => {
    const { store, settings, failures } = await opened({ selectedNetworkId: 'base', followedNetworks: 'base' });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      code: 'SETTINGS_DAMAGED',
      shortMessage: expect.stringContaining('Cairn could not read your saved followed networks'),
    });
    expect(ids(store.getState())).toEqual(['base']);
    expect(await settings.get('followedNetworks')).toBe('base');
  });

  it('items that are not ids are left out and said', async () => {
    const { store, failures } = await opened({ followedNetworks: ['optimism', 12, { id: 'base' }] });
    expect(ids(store.getState())).toEqual(['optimism']);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      shortMessage: expect.stringContaining('some of your saved followed networks'),
    });
  });

  it('a change to a list shown as the default starts from that default', async () => {
    const { store } = await opened({ selectedNetworkId: 'base', followedNetworks: 7 });
    store.getState().followNetwork('optimism');
    expect(ids(store.getState())).toEqual(['base', 'optimism']);
  });
});

describe('session store: the view filter (this window’s own)', () => {
  it('shows all by default, one network when chosen (followed or not), in this window only', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({ followedNetworks: ['ethereum', 'base'] });
    const channels = settingsChannels();
    const a = await createSessionStore({ localRpcUrl, settings, sync: channels() });
    const b = await createSessionStore({ localRpcUrl, settings, sync: channels() });
    expect(networkView(a.getState())).toBe('all');
    a.getState().setNetworkView('base');
    expect(networkView(a.getState())).toMatchObject({ id: 'base' });
    expect(a.getState().selectedNetworkId).toBe('base');
    expect(networkView(b.getState())).toBe('all');
    a.getState().setNetworkView('no-such-network'); // refused
    expect(a.getState().networkView).toBe('base');
    a.getState().setNetworkView('arbitrum'); // not followed, still a network one may look at alone
    expect(networkView(a.getState())).toMatchObject({ id: 'arbitrum' });
    // Selecting another network while one is viewed views that one.
    a.getState().selectNetwork('base');
    expect(networkView(a.getState())).toMatchObject({ id: 'base' });
    a.getState().setNetworkView('all');
    expect(networkView(a.getState())).toBe('all');
    a.getState().selectNetwork('optimism');
    expect(networkView(a.getState())).toBe('all');
    expect(await settings.get('networkView' as keyof PersistedSettings)).toBeUndefined();
  });
});

describe('withNetwork', () => {
  const byId = (id: string) => builtInNetworks(localRpcUrl).find((n) => n.id === id) as Network;
  const [ethereum, base, optimism] = [byId('ethereum'), byId('base'), byId('optimism')];
  it('puts a network that is not followed first, and leaves the followed ones as they are otherwise', () => {
    expect(withNetwork([base, optimism], ethereum).map((n) => n.id)).toEqual(['ethereum', 'base', 'optimism']);
    // Compared by id: the same network from another read of the settings is not added twice.
    expect(withNetwork([base, optimism], { ...optimism }).map((n) => n.id)).toEqual(['base', 'optimism']);
  });
});
