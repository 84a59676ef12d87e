import { describe, expect, it } from 'vitest';
import { demoContractAddresses } from '../../../../devchain/seed.ts';
import { builtInNetworks } from '../../chain/networks';
import { listedTokens } from '../catalogue';
import { tokenIconName } from './tokenIcon';
import { LISTED_WITHOUT_ICON } from './tokenIcons.generated';

const networks = builtInNetworks('http://127.0.0.1:8545');
const USDC_ON_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('token icons', () => {
  it('has an icon for every token of every bundled list, or lists it as deliberately without one', () => {
    const tokens = networks.flatMap((network) => listedTokens(network).map((token) => ({ network, token })));
    expect(tokens.length).toBeGreaterThan(40);
    for (const { network, token } of tokens) {
      const key = `${network.chainId}:${token.address.toLowerCase()}`;
      const icon = tokenIconName(network.chainId, token.address);
      expect(icon !== undefined || LISTED_WITHOUT_ICON.includes(key), `${token.symbol} on ${network.name}`).toBe(true);
    }
  });

  it('matches by chain id and address, in any letter case', () => {
    expect(tokenIconName(1, USDC_ON_ETHEREUM)).toBe('token-USDC');
    expect(tokenIconName(1, USDC_ON_ETHEREUM.toLowerCase())).toBe('token-USDC');
    expect(tokenIconName(1, '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe('token-USDT');
    expect(tokenIconName(42161, '0x912CE59144191C1204E64559FE8253a0e49E6548')).toBe('token-ARB');
  });

  it('has none for an unknown address, or a listed address on another chain', () => {
    expect(tokenIconName(1, '0x000000000000000000000000000000000000dEaD')).toBeUndefined();
    expect(tokenIconName(10, USDC_ON_ETHEREUM)).toBeUndefined();
    expect(tokenIconName(1, 'USDC')).toBeUndefined();
    expect(tokenIconName(1, '__proto__')).toBeUndefined();
  });

  it('gives the local chain’s demo DAI, USDC, USDT and MKR their real icons, and its other tokens none', () => {
    const demo = demoContractAddresses();
    expect(tokenIconName(31337, demo.DAI)).toBe('token-DAI');
    expect(tokenIconName(31337, demo.USDC)).toBe('token-USDC');
    expect(tokenIconName(31337, demo.USDT)).toBe('token-USDT');
    expect(tokenIconName(31337, demo.MKR)).toBe('token-MKR');
    expect(tokenIconName(31337, demo.SPAM)).toBeUndefined();
    expect(tokenIconName(31337, demo.ODD)).toBeUndefined();
  });

  it('shows each built-in network’s native coin by its chain id', () => {
    const natives = Object.fromEntries(networks.map((n) => [n.id, tokenIconName(n.chainId, 'native')]));
    expect(natives).toEqual({
      local: 'token-ETH',
      ethereum: 'token-ETH',
      sepolia: 'token-ETH',
      base: 'token-ETH',
      optimism: 'token-ETH',
      arbitrum: 'token-ETH',
      polygon: 'token-POL',
      bsc: 'token-BNB',
      // xDAI is bridged DAI; the package has no icon of its own for it.
      gnosis: 'token-DAI',
      avalanche: 'token-AVAX',
      zksync: 'token-ETH',
    });
    expect(tokenIconName(424242, 'native')).toBeUndefined();
  });
});
