import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '../storage/keyValueStore';
import { createSessionStore, type PersistedSettings, type SettingsSync, selectedNetwork } from './sessionStore';

const localRpcUrl = 'http://127.0.0.1:8545';

describe('session store', () => {
  it('selects the local chain on first run', async () => {
    const store = await createSessionStore({ localRpcUrl, settings: memoryKeyValueStore<PersistedSettings>() });
    expect(selectedNetwork(store.getState())).toMatchObject({ id: 'local', rpcUrls: [localRpcUrl] });
  });

  it('restores and persists the selected network', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({ selectedNetworkId: 'base' });
    const store = await createSessionStore({ localRpcUrl, settings });
    expect(store.getState().selectedNetworkId).toBe('base');
    store.getState().selectNetwork('gnosis');
    expect(selectedNetwork(store.getState()).name).toBe('Gnosis');
    expect(await settings.get('selectedNetworkId')).toBe('gnosis');
  });

  it('ignores an unknown saved or requested network', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({ selectedNetworkId: 'gone' });
    const store = await createSessionStore({ localRpcUrl, settings });
    expect(store.getState().selectedNetworkId).toBe('local');
    store.getState().selectNetwork('nope');
    expect(store.getState().selectedNetworkId).toBe('local');
    expect(await settings.get('selectedNetworkId')).toBe('gone');
  });

  it('notifies subscribers', async () => {
    const store = await createSessionStore({ localRpcUrl, settings: memoryKeyValueStore<PersistedSettings>() });
    const seen: string[] = [];
    store.subscribe((state) => seen.push(state.selectedNetworkId));
    store.getState().selectNetwork('sepolia');
    expect(seen).toEqual(['sepolia']);
  });
});

describe('session store: networks and tokens', () => {
  const token = {
    address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f' as const,
    name: 'Dai',
    symbol: 'DAI',
    decimals: 18,
  };

  it('saves and removes custom networks, resets edited ones, and persists them', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const store = await createSessionStore({ localRpcUrl, settings });
    const local = selectedNetwork(store.getState());
    store.getState().saveNetwork({ ...local, rpcUrls: ['http://127.0.0.1:9999'] });
    store.getState().saveNetwork({ ...local, id: 'custom-x', kind: 'custom', name: 'X' });
    expect(selectedNetwork(store.getState()).rpcUrls).toEqual(['http://127.0.0.1:9999']);
    store.getState().selectNetwork('custom-x');
    const reloaded = await createSessionStore({ localRpcUrl, settings });
    expect(reloaded.getState().networks.map((n) => n.id)).toContain('custom-x');
    expect(selectedNetwork(reloaded.getState()).name).toBe('X');
    reloaded.getState().removeNetwork('custom-x');
    expect(reloaded.getState().selectedNetworkId).toBe('local');
    reloaded.getState().removeNetwork('local');
    expect(selectedNetwork(reloaded.getState()).rpcUrls).toEqual([localRpcUrl]);
  });

  it('adds, hides and removes tokens per network', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const store = await createSessionStore({ localRpcUrl, settings });
    store.getState().setTokenHidden('local', token.address, true);
    expect(store.getState().hiddenTokens.local).toEqual([token.address.toLowerCase()]);
    store.getState().addCustomToken('local', token);
    expect(store.getState().customTokens.local).toEqual([token]);
    // Adding a token also shows it again.
    expect(store.getState().hiddenTokens.local).toEqual([]);
    store.getState().setHideZeroBalances(true);
    const reloaded = await createSessionStore({ localRpcUrl, settings });
    expect(reloaded.getState().customTokens.local).toEqual([token]);
    expect(reloaded.getState().hideZeroBalances).toBe(true);
    reloaded.getState().removeCustomToken('local', token.address);
    expect(reloaded.getState().customTokens.local).toEqual([]);
  });

  it('persists explorers, NFT image sources and saved ABIs, and says when every change is stored', async () => {
    const inner = memoryKeyValueStore<PersistedSettings>();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A store whose writes wait, like IndexedDB under load.
    const settings = {
      ...inner,
      set: async (...args: Parameters<typeof inner.set>) => gate.then(() => inner.set(...args)),
      update: (async (...args: Parameters<typeof inner.update>) =>
        gate.then(() => inner.update(...args))) as typeof inner.update,
    };
    const store = await createSessionStore({ localRpcUrl, settings });
    store.getState().setExplorer('local', { baseUrl: 'http://127.0.0.1:9/api', apiKey: 'KEY' });
    store.getState().setNftMedia({ ipfsGateway: 'https://gw.example/ipfs/', allowWeb: true });
    store.getState().saveAbi('local', { address: '0x00000000000000000000000000000000000000aa', abi: [] });
    let saved = false;
    const done = store
      .getState()
      .whenSaved()
      .then(() => {
        saved = true;
      });
    // A whole macrotask: a whenSaved that ignored the pending writes would have resolved by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toBe(false);
    expect(await inner.get('explorers')).toBeUndefined();
    release();
    await done;
    expect(await inner.get('explorers')).toEqual({ local: { baseUrl: 'http://127.0.0.1:9/api', apiKey: 'KEY' } });
    expect(await inner.get('nftMedia')).toEqual({ ipfsGateway: 'https://gw.example/ipfs/', allowWeb: true });
    expect((await inner.get('savedAbis'))?.local).toHaveLength(1);

    const restored = await createSessionStore({ localRpcUrl, settings: inner });
    expect(restored.getState().explorers.local?.apiKey).toBe('KEY');
    expect(restored.getState().nftMedia.allowWeb).toBe(true);
    restored.getState().setExplorer('local', undefined);
    await restored.getState().whenSaved();
    expect(await inner.get('explorers')).toEqual({});
  });
});

describe('session store: several windows', () => {
  const contact = (id: string) => ({
    id,
    name: `Contact ${id}`,
    address: '0x000000000000000000000000000000000000dEaD' as const,
    networkId: 'all',
    createdAt: 1,
  });

  it('two windows adding contacts at the same moment keep both, and each takes in the other', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const listeners: ((key: unknown) => void)[] = [];
    const sync = (): SettingsSync => ({
      post: (key) => {
        for (const listener of listeners) listener(key);
      },
      listen: (handler) => {
        listeners.push(handler);
      },
    });
    const [a, b] = await Promise.all([
      createSessionStore({ localRpcUrl, settings, sync: sync() }),
      createSessionStore({ localRpcUrl, settings, sync: sync() }),
    ]);
    a.getState().saveContact(contact('a'));
    b.getState().saveContact(contact('b'));
    await Promise.all([a.getState().whenSaved(), b.getState().whenSaved()]);
    expect((await settings.get('addressBook'))?.map((c) => c.id).sort()).toEqual(['a', 'b']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(
      a
        .getState()
        .addressBook.map((c) => c.id)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(
      b
        .getState()
        .addressBook.map((c) => c.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('an import in a window with a stale view adds to what another window stored, and loses nothing', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    // No sync between them: b never hears of a's change before importing.
    const [a, b] = await Promise.all([
      createSessionStore({ localRpcUrl, settings }),
      createSessionStore({ localRpcUrl, settings }),
    ]);
    a.getState().saveContact(contact('a'));
    await a.getState().whenSaved();
    const imported = { ...contact('x'), address: '0x000000000000000000000000000000000000bEEF' as const };
    expect(b.getState().importContacts([imported])).toEqual({ added: 1, skipped: 0 });
    await b.getState().whenSaved();
    expect((await settings.get('addressBook'))?.map((c) => c.id).sort()).toEqual(['a', 'x']);
    // Importing it again adds nothing and writes nothing.
    expect(b.getState().importContacts([{ ...imported, id: 'y' }])).toEqual({ added: 0, skipped: 1 });
  });

  it('a write that fails puts back what is stored and says so', async () => {
    const inner = memoryKeyValueStore<PersistedSettings>({ hideZeroBalances: false });
    const failures: unknown[] = [];
    const settings = {
      ...inner,
      update: (async () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }) as typeof inner.update,
    };
    const store = await createSessionStore({ localRpcUrl, settings, onWriteFailed: (e) => failures.push(e) });
    store.getState().setHideZeroBalances(true);
    expect(store.getState().hideZeroBalances).toBe(true);
    await expect(store.getState().whenSaved()).rejects.toMatchObject({
      code: 'SETTINGS_STORAGE_FAILED',
      shortMessage: expect.stringContaining('no storage space left for Cairn, so this change could not be saved'),
    });
    expect(store.getState().hideZeroBalances).toBe(false);
    expect(failures).toHaveLength(1);
  });
});
