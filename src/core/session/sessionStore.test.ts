import { describe, expect, it } from 'vitest';
import { settingsChannels } from '../../testing/settingsWindows';
import { grantSite, type SitePermission, withSiteNetwork } from '../dapp/sites';
import { memoryKeyValueStore } from '../storage/keyValueStore';
import { createSessionStore, type PersistedSettings, selectedNetwork } from './sessionStore';

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
    const sync = settingsChannels();
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

describe('session store: dApp sites and the anti-phishing phrase', () => {
  const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  const site = (origin: string, over: Partial<SitePermission> = {}): SitePermission => ({
    origin,
    accounts: [alice],
    networkId: 'local',
    networkIds: ['local'],
    ownNodeReads: false,
    name: 'Example',
    grantedAt: 1_000,
    lastUsed: 1_000,
    ...over,
  });
  const A = 'https://a.example';
  const B = 'https://b.example';

  it('has no sites and no phrase on first run', async () => {
    const store = await createSessionStore({ localRpcUrl, settings: memoryKeyValueStore<PersistedSettings>() });
    expect(store.getState().dappSites).toEqual({});
    expect(store.getState().antiPhishingPhrase).toBe('');
  });

  it('adds, changes and removes a site, at once and in storage', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const store = await createSessionStore({ localRpcUrl, settings });
    store.getState().updateSite(A, () => site(A));
    expect(store.getState().dappSites).toEqual({ [A]: site(A) });
    await store.getState().whenSaved();
    expect(await settings.get('dappSites')).toEqual({ [A]: site(A) });

    const seen: (SitePermission | undefined)[] = [];
    store.getState().updateSite(A, (current) => {
      seen.push(current);
      return current && withSiteNetwork(current, 'sepolia');
    });
    expect(seen.at(0)).toEqual(site(A));
    expect(store.getState().dappSites[A]).toMatchObject({ networkId: 'sepolia', networkIds: ['local', 'sepolia'] });
    await store.getState().whenSaved();

    const reloaded = await createSessionStore({ localRpcUrl, settings });
    expect(reloaded.getState().dappSites[A]).toMatchObject({ networkId: 'sepolia' });
    reloaded.getState().updateSite(A, () => undefined);
    expect(reloaded.getState().dappSites).toEqual({});
    await reloaded.getState().whenSaved();
    expect(await settings.get('dappSites')).toEqual({});
  });

  it('builds a new grant on what is stored: the first grant time is kept', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({ dappSites: { [A]: site(A, { grantedAt: 500 }) } });
    const store = await createSessionStore({ localRpcUrl, settings });
    store.getState().updateSite(A, (current) =>
      grantSite(current, {
        origin: A,
        accounts: [bob],
        networkId: 'sepolia',
        ownNodeReads: true,
        name: 'A',
        now: 9_000,
      }),
    );
    await store.getState().whenSaved();
    expect((await settings.get('dappSites'))?.[A]).toMatchObject({
      accounts: [bob],
      networkId: 'sepolia',
      networkIds: ['sepolia', 'local'],
      grantedAt: 500,
      lastUsed: 9_000,
    });
  });

  it('hands the change nothing for an origin it does not hold, even a name like toString', async () => {
    const store = await createSessionStore({ localRpcUrl, settings: memoryKeyValueStore<PersistedSettings>() });
    const seen: unknown[] = [];
    for (const origin of ['toString', 'constructor', 'https://nobody.example']) {
      store.getState().updateSite(origin, (current) => {
        seen.push(current);
        return current;
      });
    }
    expect(seen.every((s) => s === undefined)).toBe(true);
    await store.getState().whenSaved();
    expect(store.getState().dappSites).toEqual({});
  });

  it('drops stored sites it cannot use, and keeps the rest', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({
      dappSites: {
        [A]: site(A),
        [B]: { ...site(B), accounts: 'all' },
        'https://c.example': site('https://elsewhere.example'),
      } as unknown as PersistedSettings['dappSites'],
    });
    const store = await createSessionStore({ localRpcUrl, settings });
    expect(store.getState().dappSites).toEqual({ [A]: site(A) });
  });

  it('two windows granting different sites at the same moment keep both, and each takes in the other', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const sync = settingsChannels();
    const [a, b] = await Promise.all([
      createSessionStore({ localRpcUrl, settings, sync: sync() }),
      createSessionStore({ localRpcUrl, settings, sync: sync() }),
    ]);
    a.getState().updateSite(A, () => site(A));
    b.getState().updateSite(B, () => site(B));
    await Promise.all([a.getState().whenSaved(), b.getState().whenSaved()]);
    expect(Object.keys((await settings.get('dappSites')) ?? {}).sort()).toEqual([A, B]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Object.keys(a.getState().dappSites).sort()).toEqual([A, B]);
    expect(Object.keys(b.getState().dappSites).sort()).toEqual([A, B]);
  });

  it('a window with a stale view changing one site loses no other window’s site', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    // No sync: b never hears of a's grant.
    const [a, b] = await Promise.all([
      createSessionStore({ localRpcUrl, settings }),
      createSessionStore({ localRpcUrl, settings }),
    ]);
    a.getState().updateSite(A, () => site(A));
    await a.getState().whenSaved();
    b.getState().updateSite(B, () => site(B));
    await b.getState().whenSaved();
    expect(Object.keys((await settings.get('dappSites')) ?? {}).sort()).toEqual([A, B]);
    // Removing a site in the stale window removes only that one.
    b.getState().updateSite(B, () => undefined);
    await b.getState().whenSaved();
    expect(await settings.get('dappSites')).toEqual({ [A]: site(A) });
  });

  it('two windows changing the same site each build on the other’s change', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({ dappSites: { [A]: site(A) } });
    const [a, b] = await Promise.all([
      createSessionStore({ localRpcUrl, settings }),
      createSessionStore({ localRpcUrl, settings }),
    ]);
    a.getState().updateSite(A, (current) => current && { ...current, accounts: [...current.accounts, bob] });
    b.getState().updateSite(A, (current) => current && withSiteNetwork(current, 'sepolia'));
    await Promise.all([a.getState().whenSaved(), b.getState().whenSaved()]);
    expect((await settings.get('dappSites'))?.[A]).toMatchObject({
      accounts: [alice, bob],
      networkId: 'sepolia',
      networkIds: ['local', 'sepolia'],
    });
  });

  it('keeps the anti-phishing phrase, shares it with the other windows, and restores it', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const sync = settingsChannels();
    const [a, b] = await Promise.all([
      createSessionStore({ localRpcUrl, settings, sync: sync() }),
      createSessionStore({ localRpcUrl, settings, sync: sync() }),
    ]);
    a.getState().setAntiPhishingPhrase('purple otter lantern');
    expect(a.getState().antiPhishingPhrase).toBe('purple otter lantern');
    await a.getState().whenSaved();
    expect(await settings.get('antiPhishingPhrase')).toBe('purple otter lantern');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(b.getState().antiPhishingPhrase).toBe('purple otter lantern');
    const reloaded = await createSessionStore({ localRpcUrl, settings });
    expect(reloaded.getState().antiPhishingPhrase).toBe('purple otter lantern');
  });

  it('takes a stored phrase that is not text as none', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>({
      antiPhishingPhrase: 42 as unknown as string,
    });
    const store = await createSessionStore({ localRpcUrl, settings });
    expect(store.getState().antiPhishingPhrase).toBe('');
  });
});
