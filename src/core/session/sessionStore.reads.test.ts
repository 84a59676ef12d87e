// What is read from storage is checked by its domain's setting, never cast: a damaged value (or one
// in a form this version does not know) is said, in words, where it is read, and the setting shows
// its initial value; the older forms Cairn itself stored are still read.
import { describe, expect, it } from 'vitest';
import { settingsChannels } from '../../testing/settingsWindows';
import { memoryKeyValueStore } from '../storage/keyValueStore';
import { createSessionStore, DEFAULT_NFT_MEDIA, type PersistedSettings } from './sessionStore';

const localRpcUrl = 'http://127.0.0.1:8545';
const address = '0x000000000000000000000000000000000000dEaD';

/** A settings store holding `stored` as it is, whatever its form. */
function storing(stored: Record<string, unknown>) {
  return memoryKeyValueStore<PersistedSettings>(stored as Partial<PersistedSettings>);
}

async function opened(stored: Record<string, unknown>) {
  const failures: unknown[] = [];
  const settings = storing(stored);
  const store = await createSessionStore({ localRpcUrl, settings, onReadFailed: (e) => failures.push(e) });
  return { store, settings, failures };
}

describe('session store: what is read from storage', () => {
  const damaged: [key: string, stored: unknown, named: string, initial: unknown][] = [
    ['addressBook', { alice: address }, 'address book', []],
    [
      'addressBook',
      [{ id: 'a', name: 'Alice', address: 'not an address', networkId: 'all', createdAt: 1 }],
      'address book',
      [],
    ],
    ['networkConfig', { edits: {}, custom: [{ id: 'x' }] }, 'networks', { edits: {}, custom: [], allAccountReads: [] }],
    ['customTokens', { local: [{ address, symbol: 'DAI' }] }, 'added tokens', {}],
    ['hiddenTokens', { local: address }, 'hidden tokens', {}],
    ['explorers', { local: 'https://api.etherscan.io/v2/api' }, 'block explorers', {}],
    ['nftMedia', { ipfsGateway: 42, allowWeb: true }, 'NFT image sources', DEFAULT_NFT_MEDIA],
    ['savedAbis', { local: [{ address, abi: '[]' }] }, 'saved contract ABIs', {}],
  ];

  it.each(damaged)(
    'a damaged %s is said, in words, and shown as its initial value',
    async (key, stored, named, initial) => {
      const { store, failures } = await opened({ [key]: stored });
      expect(store.getState()[key as keyof PersistedSettings]).toEqual(initial);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        code: 'SETTINGS_DAMAGED',
        shortMessage: expect.stringContaining(`Cairn could not read your saved ${named}`),
      });
    },
  );

  it('reads the older forms Cairn stored: networks without allAccountReads, a custom network without rpcFrom', async () => {
    const custom = {
      id: 'custom-x',
      kind: 'custom',
      name: 'X',
      chainId: 7,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:9999'],
      explorerUrl: undefined,
      testnet: true,
      blockTimeMs: 1000,
    };
    const { store, failures } = await opened({
      networkConfig: {
        edits: { local: { rpcUrls: ['http://127.0.0.1:7777'], explorerUrl: undefined } },
        custom: [custom],
      },
    });
    expect(failures).toEqual([]);
    expect(store.getState().networks.find((n) => n.id === 'custom-x')).toMatchObject({
      name: 'X',
      rpcFrom: 'unrecorded',
    });
    expect(store.getState().networks.find((n) => n.id === 'local')?.rpcUrls).toEqual(['http://127.0.0.1:7777']);
  });

  it('reads sound values of every checked setting without a word', async () => {
    const { store, failures } = await opened({
      addressBook: [{ id: 'a', name: 'Alice', address, networkId: 'all', createdAt: 1 }],
      customTokens: { local: [{ address, name: 'Dai', symbol: 'DAI', decimals: 18 }] },
      hiddenTokens: { local: [address.toLowerCase()] },
      explorers: { local: { baseUrl: 'https://api.etherscan.io/v2/api', apiKey: 'KEY12345' } },
      nftMedia: { ipfsGateway: 'https://gw.example/ipfs/', allowWeb: false },
      savedAbis: { local: [{ address, abi: [{ type: 'function', name: 'f', inputs: [], outputs: [] }] }] },
    });
    expect(failures).toEqual([]);
    expect(store.getState().addressBook).toHaveLength(1);
    expect(store.getState().customTokens.local).toHaveLength(1);
    expect(store.getState().nftMedia.ipfsGateway).toBe('https://gw.example/ipfs/');
    expect(store.getState().savedAbis.local).toHaveLength(1);
  });

  it('a change on top of a damaged value builds on the initial value, and stores a sound one', async () => {
    const { store, settings, failures } = await opened({ addressBook: 'damaged' });
    const contact = { id: 'b', name: 'Bob', address, networkId: 'all', createdAt: 2 } as const;
    store.getState().saveContact(contact);
    await store.getState().whenSaved();
    expect(await settings.get('addressBook')).toEqual([contact]);
    expect(store.getState().addressBook).toEqual([contact]);
    // Said once, where it was read; the write did not say it again.
    expect(failures).toHaveLength(1);
  });

  it('a damaged value another window stored is said when this window reads it again', async () => {
    const sync = settingsChannels();
    const failures: unknown[] = [];
    const settings = storing({});
    const store = await createSessionStore({
      localRpcUrl,
      settings,
      sync: sync(),
      onReadFailed: (e) => failures.push(e),
    });
    await settings.set('explorers', 'damaged' as unknown as PersistedSettings['explorers']);
    sync().post('explorers');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().explorers).toEqual({});
    expect(failures).toMatchObject([{ code: 'SETTINGS_DAMAGED' }]);
  });
});
