import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { uniswapDeploymentData } from '../../../scripts/generate/uniswapDeployments.ts';
import { LOCAL_CHAIN_ID } from './localChain';
import { presetChains } from './presetChains.generated';
import { uniswapDeploymentFor, uniswapDeployments } from './uniswapDeployments';
import { presetUniswapDeployments } from './uniswapDeployments.generated';

const V3_POOL_INIT_CODE_HASH = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

describe('Uniswap deployments', () => {
  it('are generated from scripts/generate/uniswap/*.json (run `npm run generate:uniswap` after editing them)', () => {
    expect(presetUniswapDeployments).toEqual(uniswapDeploymentData());
  });

  it('cover every preset but Gnosis and ZKsync Era, in the presets’ order, and the local chain first', () => {
    // Cairn bundles no Uniswap deployment for either (scripts/generate/uniswap/ has none).
    const presetIds = presetChains.map((chain) => chain.chainId).filter((id) => id !== 100 && id !== 324);
    expect(uniswapDeployments.map((deployment) => deployment.chainId)).toEqual([LOCAL_CHAIN_ID, ...presetIds]);
  });

  it('finds a chain’s deployment by id, and none for a chain without one', () => {
    expect(uniswapDeploymentFor(1)).toMatchObject({
      wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      // QuoterV2, not sdk-core's `quoterAddress` on mainnet (Quoter V1, 0xb27308f9…).
      quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
      universalRouter: '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af',
      universalRouterVersion: '2.0',
    });
    expect(uniswapDeploymentFor(56)?.wrappedNative).toBe('0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c');
    expect(uniswapDeploymentFor(LOCAL_CHAIN_ID)?.universalRouterVersion).toBe('2.1.0');
    expect(uniswapDeploymentFor(100)).toBeUndefined();
    expect(uniswapDeploymentFor(999_999)).toBeUndefined();
  });

  it('keep every address checksummed, one pool hash, Permit2 at its one address, and their sources', () => {
    for (const deployment of uniswapDeployments) {
      const { v4, chainId, v3PoolInitCodeHash, universalRouterVersion, sources, ...rest } = deployment;
      for (const address of [...Object.values(rest), ...Object.values(v4 ?? {})]) {
        expect(address).toBe(getAddress(address as string));
      }
      expect(v3PoolInitCodeHash).toBe(V3_POOL_INIT_CODE_HASH);
      expect(deployment.permit2).toBe('0x000000000022D473030F116dDEE9F6B43aC78BA3');
      expect(sources.length).toBeGreaterThan(0);
    }
  });

  it('list a v4 deployment where Uniswap publishes one', () => {
    for (const deployment of presetUniswapDeployments) expect(deployment.v4).not.toBeNull();
  });
});
