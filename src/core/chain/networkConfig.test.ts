import { describe, expect, it } from 'vitest';
import { planAddChain } from '../dapp/addChain';
import {
  accountsToRead,
  EMPTY_NETWORK_CONFIG,
  type NetworkConfig,
  readsAllAccounts,
  resolveNetworks,
  withAllAccountReads,
  withoutNetwork,
  withSavedNetwork,
} from './networkConfig';
import { draftOf, parseNetworkDraft } from './networkDraft';
import type { Network } from './networks';

const LOCAL = 'http://127.0.0.1:8545';
const accounts = [
  { address: '0x00000000000000000000000000000000000000a1' },
  { address: '0x00000000000000000000000000000000000000a2' },
  { address: '0x00000000000000000000000000000000000000a3' },
];
const selected = '0x00000000000000000000000000000000000000A2';

const network = (config: NetworkConfig, id: string): Network => {
  const found = resolveNetworks(LOCAL, config).find((n) => n.id === id);
  if (!found) throw new Error(`no network ${id}`);
  return found;
};
const read = (config: NetworkConfig, id: string) =>
  accountsToRead(network(config, id), config, accounts, selected).map((a) => a.address);

/** A network a site added through wallet_addEthereumChain, saved as the site window saves it. */
function siteAdded(config: NetworkConfig): { config: NetworkConfig; id: string } {
  const plan = planAddChain(
    {
      chainId: 0x7a6a,
      chainName: 'Site chain',
      rpcUrls: ['https://rpc.site.example'],
      nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 18 },
      blockExplorerUrls: [],
    },
    resolveNetworks(LOCAL, config),
    () => 'site',
  );
  if (plan.kind !== 'new') throw new Error('expected a new network');
  return { config: withSavedNetwork(config, plan.network), id: plan.network.id };
}

describe('who chose a network’s RPC', () => {
  it('records the local chain, presets, the person’s edits, their own networks and a site’s', () => {
    const base = EMPTY_NETWORK_CONFIG;
    expect(network(base, 'local').rpcFrom).toBe('local');
    expect(network(base, 'ethereum').rpcFrom).toBe('preset');
    const ethereum = network(base, 'ethereum');
    const edited = withSavedNetwork(base, { ...ethereum, rpcUrls: ['https://my-node.example'] });
    expect(network(edited, 'ethereum').rpcFrom).toBe('person');
    // Only the explorer changed: the RPC is still the preset's.
    const explorerOnly = withSavedNetwork(base, { ...ethereum, explorerUrl: 'https://scan.example' });
    expect(network(explorerOnly, 'ethereum').rpcFrom).toBe('preset');

    const typed = parseNetworkDraft(
      { name: 'Mine', rpcUrls: 'https://mine.example', wsUrl: '', chainId: '777', symbol: 'M', explorerUrl: '' },
      undefined,
      () => 'mine',
    ).network as Network;
    expect(network(withSavedNetwork(base, typed), 'custom-mine').rpcFrom).toBe('person');

    const site = siteAdded(base);
    expect(network(site.config, site.id).rpcFrom).toBe('site');
    // Renamed in the form with the site's URLs left as they were: still the site's choice.
    const renamed = parseNetworkDraft(
      {
        name: 'Renamed',
        rpcUrls: 'https://rpc.site.example',
        wsUrl: '',
        chainId: '31338',
        symbol: 'TST',
        explorerUrl: '',
      },
      network(site.config, site.id),
      () => 'unused',
    ).network as Network;
    expect(network(withSavedNetwork(site.config, renamed), site.id).rpcFrom).toBe('site');
  });

  it('says so in the form’s network as soon as the person changes a preset’s RPC, as once saved', () => {
    const ethereum = network(EMPTY_NETWORK_CONFIG, 'ethereum');
    const parse = (rpcUrls: string) =>
      parseNetworkDraft({ ...draftOf(ethereum), rpcUrls }, ethereum, () => 'unused').network as Network;
    const mine = parse('https://my-node.example');
    expect(mine.rpcFrom).toBe('person');
    expect(network(withSavedNetwork(EMPTY_NETWORK_CONFIG, mine), 'ethereum').rpcFrom).toBe('person');
    expect(parse(ethereum.rpcUrls.join('\n')).rpcFrom).toBe('preset');
  });

  it('takes a custom network stored before this was recorded as not the person’s choice', () => {
    const { rpcFrom: _dropped, ...old } = network(siteAdded(EMPTY_NETWORK_CONFIG).config, 'custom-site');
    const stored = { edits: {}, custom: [old as Network] } as NetworkConfig;
    expect(network(stored, 'custom-site').rpcFrom).toBe('unrecorded');
    expect(read(stored, 'custom-site')).toEqual([accounts[1]?.address]);
  });
});

describe('the accounts one request may name', () => {
  it('on a network a site added: the selected account only; all once the person allows it', () => {
    const { config, id } = siteAdded(EMPTY_NETWORK_CONFIG);
    expect(readsAllAccounts(network(config, id), config)).toBe(false);
    expect(read(config, id)).toEqual([accounts[1]?.address]);
    const allowed = withAllAccountReads(config, id, true);
    expect(read(allowed, id)).toEqual(accounts.map((a) => a.address));
    expect(read(withAllAccountReads(allowed, id, false), id)).toEqual([accounts[1]?.address]);
  });

  it('on a public preset: the selected account only; all through the person’s own RPC', () => {
    expect(read(EMPTY_NETWORK_CONFIG, 'ethereum')).toEqual([accounts[1]?.address]);
    expect(read(withAllAccountReads(EMPTY_NETWORK_CONFIG, 'ethereum', true), 'ethereum')).toHaveLength(3);
    const ethereum = network(EMPTY_NETWORK_CONFIG, 'ethereum');
    const own = withSavedNetwork(EMPTY_NETWORK_CONFIG, { ...ethereum, rpcUrls: ['https://my-node.example'] });
    expect(read(own, 'ethereum')).toHaveLength(3);
    expect(read(EMPTY_NETWORK_CONFIG, 'local')).toHaveLength(3);
  });

  it('reads nothing when the selected account is hidden (not among the visible), and forgets a reset network’s choice', () => {
    expect(
      accountsToRead(network(EMPTY_NETWORK_CONFIG, 'ethereum'), EMPTY_NETWORK_CONFIG, accounts, undefined),
    ).toEqual([]);
    const allowed = withAllAccountReads(EMPTY_NETWORK_CONFIG, 'ethereum', true);
    expect(withoutNetwork(allowed, 'ethereum').allAccountReads).toEqual([]);
  });
});
