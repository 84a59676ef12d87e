import { describe, expect, it } from 'vitest';
import { builtInNetworks } from '../../chain/networks';
import { networkIconName } from './networkIcon';

describe('network icons', () => {
  it('gives the local chain Cairn’s own icon and each preset its network’s, by chain id', () => {
    const icons = Object.fromEntries(builtInNetworks('http://127.0.0.1:8545').map((n) => [n.id, networkIconName(n)]));
    expect(icons).toEqual({
      local: 'local-chain',
      ethereum: 'network-ethereum',
      sepolia: 'network-ethereum',
      base: 'network-base',
      optimism: 'network-optimism',
      arbitrum: 'network-arbitrum-one',
      polygon: 'network-polygon',
      bsc: 'network-binance-smart-chain',
      gnosis: 'network-gnosis',
      avalanche: 'network-avalanche',
      zksync: 'network-zksync',
    });
  });

  it('has none for a network the person added, even on a preset’s chain id', () => {
    expect(networkIconName({ kind: 'custom', chainId: 1 })).toBeUndefined();
    expect(networkIconName({ kind: 'custom', chainId: 31337 })).toBeUndefined();
    expect(networkIconName({ kind: 'preset', chainId: 424242 })).toBeUndefined();
  });
});
