import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_FEEDS, LOCAL_TOKEN_LIST } from '../src/core/assets/localChainAssets.ts';
import { LOCAL_DEMO_SAFE, LOCAL_ENS_RESOLVER } from '../src/core/chain/localChain.ts';
import { demoSafeAddress } from './demoSafe.ts';
import { scenarioContractAddresses } from './scenarios.ts';
import { demoContractAddresses } from './seed.ts';

describe('the local chain token list and feeds match what the seed deploys', () => {
  const deployed = demoContractAddresses();
  it('lists the demo tokens at their deployed addresses', () => {
    expect(Object.fromEntries(LOCAL_TOKEN_LIST.tokens.map((t) => [t.symbol, t.address]))).toEqual({
      DAI: deployed.DAI,
      USDC: deployed.USDC,
      USDT: deployed.USDT,
      MKR: deployed.MKR,
      FEE: scenarioContractAddresses().FEE,
    });
  });

  it('names the seeded demo Safe at its address', () => {
    expect(LOCAL_DEMO_SAFE).toBe(demoSafeAddress());
  });

  it('points the local network at the deployed ENS stand-in', () => {
    expect(LOCAL_ENS_RESOLVER).toBe(deployed.ENS);
  });

  it('points the price feeds at the deployed mock aggregators', () => {
    expect(LOCAL_PRICE_FEEDS.map((f) => f.address)).toEqual([
      deployed.ETH_USD_FEED,
      deployed.DAI_USD_FEED,
      deployed.USDC_USD_FEED,
      deployed.USDT_USD_FEED,
    ]);
  });
});
