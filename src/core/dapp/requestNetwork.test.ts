import { describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from '../chain/networks';
import type { SitePermission } from './sites';
import { requestNetwork } from './sites';

const networks = builtInNetworks('http://127.0.0.1:8545');
const byId = (id: string): Network => {
  const network = networks.find((n) => n.id === id);
  if (!network) throw new Error(`no built-in network ${id}`);
  return network;
};
const [ethereum, sepolia, polygon] = [byId('ethereum'), byId('sepolia'), byId('polygon')];
/** The person's own second network on Ethereum's chain. */
const ownEthereum: Network = { ...ethereum, id: 'my-ethereum', rpcUrls: ['http://my-node.lan:8545'] };
const site: SitePermission = {
  origin: 'https://app.example',
  accounts: [],
  networkId: 'sepolia',
  networkIds: ['sepolia', 'ethereum'],
  ownNodeReads: false,
  name: 'Example',
  grantedAt: 1,
  lastUsed: 1,
};

describe('the network a waiting request is served on', () => {
  it('is a connected site’s, only while it is the chain the request came for; never Cairn’s selected one', () => {
    expect(requestNetwork({ site, networks, selected: polygon, pinned: '0xaa36a7' })).toBe(sepolia);
    expect(requestNetwork({ site, networks, selected: polygon, pinned: undefined })).toBe(sepolia);
    expect(requestNetwork({ site, networks, selected: polygon, pinned: '0x1' })).toBeUndefined();
    expect(requestNetwork({ site, networks, selected: ethereum, pinned: '0x1' })).toBeUndefined();
  });

  it('is, for a site not connected, the person’s network on the chain the site named, the selected one first', () => {
    const all = [...networks, ownEthereum];
    expect(requestNetwork({ site: undefined, networks: all, selected: ownEthereum, pinned: '0x1' })).toBe(ownEthereum);
    expect(requestNetwork({ site: undefined, networks: all, selected: polygon, pinned: '0x1' })).toBe(ethereum);
    expect(requestNetwork({ site: undefined, networks: all, selected: polygon, pinned: '0x2a' })).toBeUndefined();
    expect(requestNetwork({ site: undefined, networks: all, selected: polygon, pinned: undefined })).toBeUndefined();
  });
});
