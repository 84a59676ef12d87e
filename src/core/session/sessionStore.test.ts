import { describe, expect, it } from 'vitest';
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
