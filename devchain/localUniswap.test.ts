import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID, PERMIT2_ADDRESS } from '../src/core/chain/localChain.ts';
import { LOCAL_UNISWAP_CONTRACTS, LOCAL_UNISWAP_DEPLOYMENT } from '../src/core/chain/localUniswap.ts';
import { uniswapAddresses, V3_POOL_INIT_CODE_HASH } from './uniswap.ts';

describe("the app's copy of the local chain's Uniswap addresses", () => {
  it('is where devchain/uniswap.ts deploys them (deployer account, nonce order)', () => {
    expect(LOCAL_UNISWAP_CONTRACTS).toEqual(uniswapAddresses());
  });

  it('names the contracts the seed deploys, Permit2 and the pool init code hash', () => {
    const contracts = uniswapAddresses();
    expect(LOCAL_UNISWAP_DEPLOYMENT).toMatchObject({
      chainId: LOCAL_CHAIN_ID,
      wrappedNative: contracts.WETH9,
      v3Factory: contracts.V3_FACTORY,
      v3PoolInitCodeHash: V3_POOL_INIT_CODE_HASH,
      quoterV2: contracts.QUOTER_V2,
      universalRouter: contracts.UNIVERSAL_ROUTER,
      permit2: PERMIT2_ADDRESS,
      v4: { poolManager: contracts.V4_POOL_MANAGER, quoter: contracts.V4_QUOTER, stateView: contracts.V4_STATE_VIEW },
    });
  });

  it('gives the version of the UniversalRouter package the seed deploys', () => {
    const json = readFileSync(
      new URL('../node_modules/@uniswap/universal-router/package.json', import.meta.url),
      'utf8',
    );
    expect(LOCAL_UNISWAP_DEPLOYMENT.universalRouterVersion).toBe((JSON.parse(json) as { version: string }).version);
  });
});
