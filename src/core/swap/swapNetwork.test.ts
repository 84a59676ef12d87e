import { describe, expect, it } from 'vitest';
import { builtInNetworks, localNetwork, type Network } from '../chain/networks';
import { swapDeploymentFor, swapHubs } from './swapNetwork';

const preset = (id: string): Network => {
  const found = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('where swapping is possible', () => {
  it('has Uniswap on the local chain and on Ethereum, none on Gnosis, none on another chain with the local id', () => {
    expect(swapDeploymentFor(localNetwork('http://127.0.0.1:8545'))?.chainId).toBe(31337);
    expect(swapDeploymentFor(preset('ethereum'))?.universalRouterVersion).toBe('2.0');
    expect(swapDeploymentFor(preset('gnosis'))).toBeUndefined();
    const stranger = { ...preset('ethereum'), id: 'custom-hardhat', kind: 'custom', chainId: 31337 } as Network;
    expect(swapDeploymentFor(stranger)).toBeUndefined();
  });

  it("routes through the wrapped coin and the network's listed USDC, USDT and DAI", () => {
    const ethereum = preset('ethereum');
    const deployment = swapDeploymentFor(ethereum);
    if (!deployment) throw new Error('no deployment');
    const hubs = swapHubs(ethereum, deployment);
    expect(hubs[0]).toBe(deployment.wrappedNative);
    expect(hubs).toHaveLength(4);
  });
});
