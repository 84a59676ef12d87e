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

const contact = { id: 'a', name: 'Alice', address, networkId: 'all', createdAt: 1 };
const token = { address, name: 'Dai', symbol: 'DAI', decimals: 18 };
const explorer = { baseUrl: 'https://api.etherscan.io/v2/api', apiKey: 'KEY12345' };
const savedAbi = { address, abi: [{ type: 'function', name: 'f', inputs: [], outputs: [], stateMutability: 'view' }] };
const customNetwork = {
  id: 'custom-x',
  kind: 'custom',
  name: 'X',
  chainId: 7,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:9999'],
  rpcFrom: 'person',
  explorerUrl: 'https://x.example',
  testnet: true,
  blockTimeMs: 1000,
  ensUniversalResolver: address,
  feeFamily: { kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' },
  parentChainId: 1,
};
const soundNetworks = { edits: {}, custom: [customNetwork], allAccountReads: [] };

describe('session store: what is read from storage', () => {
  const unreadable: [key: string, stored: unknown, named: string, initial: unknown][] = [
    ['addressBook', { alice: address }, 'address book', []],
    ['networkConfig', { edits: {}, custom: 'x' }, 'networks', { edits: {}, custom: [], allAccountReads: [] }],
    ['customTokens', [token], 'added tokens', {}],
    ['hiddenTokens', address, 'hidden tokens', {}],
    ['explorers', 'https://api.etherscan.io/v2/api', 'block explorers', {}],
    ['nftMedia', { ipfsGateway: 42, allowWeb: true }, 'NFT image sources', DEFAULT_NFT_MEDIA],
    ['savedAbis', [savedAbi], 'saved contract ABIs', {}],
  ];

  it.each(unreadable)(
    'a %s that cannot be read at all is said, in words, and shown as its initial value',
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

  const partlyDamaged: [key: string, stored: unknown, named: string, sound: unknown][] = [
    [
      'addressBook',
      [contact, { ...contact, id: 'b', address: 'not an address' }, { ...contact, id: 'c', createdAt: '1' }],
      'address book',
      [contact],
    ],
    [
      'networkConfig',
      {
        edits: { local: { rpcUrls: ['http://127.0.0.1:7777'], explorerUrl: 42 } },
        custom: [
          customNetwork,
          { id: 'x' },
          { ...customNetwork, id: 'b', blockTimeMs: 'x' },
          { ...customNetwork, id: 'c', blockTimeMs: 0 },
          { ...customNetwork, id: 'd', testnet: 'yes' },
          { ...customNetwork, id: 'e', explorerUrl: 42 },
          { ...customNetwork, id: 'f', ensUniversalResolver: 'not an address' },
          { ...customNetwork, id: 'g', feeFamily: undefined, l1FeeOracle: 42 },
          { ...customNetwork, id: 'i', feeFamily: { kind: 'opStack' } },
          { ...customNetwork, id: 'j', feeFamily: { kind: 'optimistic' } },
          { ...customNetwork, id: 'k', parentChainId: '1' },
          { ...customNetwork, id: 'l', multicall: { address: 'nowhere' } },
          { ...customNetwork, id: 'h', rpcFrom: 'somewhere' },
        ],
        allAccountReads: ['local', 7],
      },
      'networks',
      { edits: {}, custom: [customNetwork], allAccountReads: ['local'] },
    ],
    [
      'customTokens',
      {
        local: [token, { ...token, decimals: -1 }, { ...token, decimals: 1.5 }, { ...token, decimals: 256 }],
        other: token,
      },
      'added tokens',
      { local: [token] },
    ],
    [
      'hiddenTokens',
      { local: [address.toLowerCase(), 42], other: address },
      'hidden tokens',
      { local: [address.toLowerCase()] },
    ],
    [
      'explorers',
      { local: explorer, other: 'https://api.etherscan.io/v2/api' },
      'block explorers',
      { local: explorer },
    ],
    [
      'savedAbis',
      {
        local: [
          savedAbi,
          { address, abi: '[]' },
          { address, abi: [{ type: 'function' }] },
          { address, abi: [{ type: 'function', name: 'g', inputs: 'x' }] },
          { address, abi: [] },
        ],
      },
      'saved contract ABIs',
      { local: [savedAbi] },
    ],
  ];

  it.each(partlyDamaged)(
    'a %s with damaged items keeps its sound ones and says, in words, that some were left out',
    async (key, stored, named, sound) => {
      const { store, failures } = await opened({ [key]: stored });
      expect(store.getState()[key as keyof PersistedSettings]).toEqual(sound);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        code: 'SETTINGS_DAMAGED',
        shortMessage: expect.stringContaining(`Cairn could not read some of your saved ${named}`),
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

  it('reads custom networks stored before fee families: an l1FeeOracle as OP Stack, none as not known yet', async () => {
    const { feeFamily: _family, parentChainId: _parent, ...older } = customNetwork;
    const oracle = '0x420000000000000000000000000000000000000f';
    const { store, failures } = await opened({
      networkConfig: {
        edits: {},
        custom: [
          { ...older, id: 'rollup', l1FeeOracle: oracle },
          { ...older, id: 'plain' },
        ],
      },
    });
    expect(failures).toEqual([]);
    const rollup = store.getState().networks.find((n) => n.id === 'rollup');
    expect(rollup?.feeFamily).toEqual({ kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' });
    expect(rollup).not.toHaveProperty('l1FeeOracle');
    expect(store.getState().networks.find((n) => n.id === 'plain')?.feeFamily).toEqual({ kind: 'unknown' });
  });

  it('keeps a fee family read later on the record that had none, and on no other', async () => {
    const { feeFamily: _family, ...older } = customNetwork;
    const { store, settings } = await opened({
      networkConfig: { edits: {}, custom: [{ ...older, id: 'a' }, customNetwork] },
    });
    // A family read for another chain id (the record changed meanwhile) is not written.
    store.getState().keepFeeFamily('a', 8, { kind: 'zkSync' });
    store.getState().keepFeeFamily('a', 7, { kind: 'arbitrum' });
    // Nor over a family the record knows.
    store.getState().keepFeeFamily('custom-x', 7, { kind: 'l1' });
    await store.getState().whenSaved();
    const stored = (await settings.get('networkConfig')) as { custom: { id: string; feeFamily: unknown }[] };
    expect(stored.custom.map((n) => [n.id, n.feeFamily])).toEqual([
      ['a', { kind: 'arbitrum' }],
      ['custom-x', customNetwork.feeFamily],
    ]);
  });

  it('reads sound values of every checked setting without a word', async () => {
    const { store, failures } = await opened({
      networkConfig: soundNetworks,
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
    expect(store.getState().networkConfig).toEqual(soundNetworks);
  });

  it('a change on top of a partly damaged value keeps its sound items', async () => {
    const { store, settings, failures } = await opened({
      addressBook: [contact, { ...contact, id: 'x', address: 'no' }],
    });
    const bob = { id: 'b', name: 'Bob', address, networkId: 'all', createdAt: 2 } as const;
    store.getState().saveContact(bob);
    await store.getState().whenSaved();
    expect(await settings.get('addressBook')).toEqual([contact, bob]);
    expect(store.getState().addressBook).toEqual([contact, bob]);
    // Said once, where it was read; the write did not say it again.
    expect(failures).toHaveLength(1);
  });

  it('a change on top of a value that cannot be read is refused, and what is stored is kept', async () => {
    const { store, settings } = await opened({ addressBook: 'damaged' });
    store.getState().saveContact({ id: 'b', name: 'Bob', address, networkId: 'all', createdAt: 2 });
    await expect(store.getState().whenSaved()).rejects.toMatchObject({ code: 'SETTINGS_DAMAGED' });
    expect(await settings.get('addressBook')).toBe('damaged');
    expect(store.getState().addressBook).toEqual([]);
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
