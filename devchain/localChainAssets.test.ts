import { describe, expect, it } from 'vitest';
import {
  LOCAL_OP_PRICE_FEEDS,
  LOCAL_OP_SEQUENCER_FEED,
  LOCAL_OP_TOKEN_LIST,
  LOCAL_PRICE_FEEDS,
  LOCAL_TOKEN_LIST,
} from '../src/core/assets/localChainAssets.ts';
import { LOCAL_DEMO_SAFE, LOCAL_ENS_RESOLVER, LOCAL_OP_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { demoSafeAddress } from './demoSafe.ts';
import { opContractAddresses } from './opSeed.ts';
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

  it("lists the OP chain's demo tokens, feeds and sequencer feed where its seed deploys them", () => {
    const op = opContractAddresses();
    expect(Object.fromEntries(LOCAL_OP_TOKEN_LIST.tokens.map((t) => [t.symbol, t.address]))).toEqual({
      DAI: op.DAI,
      USDC: op.USDC,
    });
    expect(LOCAL_OP_TOKEN_LIST.tokens.every((t) => t.chainId === LOCAL_OP_CHAIN_ID)).toBe(true);
    expect(LOCAL_OP_PRICE_FEEDS.map((f) => [f.asset, f.address])).toEqual([
      ['native', op.ETH_USD_FEED],
      [op.DAI, op.DAI_USD_FEED],
      [op.USDC, op.USDC_USD_FEED],
    ]);
    expect(LOCAL_OP_SEQUENCER_FEED).toBe(op.SEQUENCER_FEED);
  });
});
