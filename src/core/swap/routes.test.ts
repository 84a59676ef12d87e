import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { SwapContracts } from './contracts';
import { atMidPrice, NATIVE, reachOf, v3PoolAddress } from './pools';
import { bestQuote, midPriceOut, priceImpactBps, type SwapQuote } from './routeChoice';
import { candidateRoutes, liveRoutes, poolKeyOf, poolsOf, type Route, withinReach } from './routes';

const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const USDT: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const contracts: SwapContracts = {
  wrappedNative: WETH,
  v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
  v3PoolInitCodeHash: '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54',
  quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
  universalRouter: '0x66a9893cc07d91d95644aedd05d03f95e1dba8af',
  permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
  v4: { quoter: '0x52f0e24d1c21c8a0cb1e5a5dd6198556bd9e1203', stateView: '0x7ffe42c4a5deea5b0fec41c94c136cf115597227' },
};
const Q96 = 1n << 96n;

describe('pools', () => {
  it('finds a v3 pool where the factory put it, whatever order the tokens come in', () => {
    // Ethereum's USDC/WETH 0.05 % pool, as Uniswap's own pages list it.
    expect(v3PoolAddress(contracts.v3Factory, contracts.v3PoolInitCodeHash, WETH, USDC, 500)).toBe(
      '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640',
    );
    expect(v3PoolAddress(contracts.v3Factory, contracts.v3PoolInitCodeHash, USDC, WETH, 500)).toBe(
      '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640',
    );
  });

  it('prices at the middle after the fee, both ways', () => {
    const even = { sqrtPriceX96: Q96, liquidity: 1n };
    expect(atMidPrice(1_000_000n, even, true, 3_000)).toBe(997_000n);
    // token1 worth four token0: √P = 2·2^96.
    const four = { sqrtPriceX96: 2n * Q96, liquidity: 1n };
    expect(atMidPrice(1_000n, four, true, 0)).toBe(4_000n);
    expect(atMidPrice(4_000n, four, false, 0)).toBe(1_000n);
    expect(atMidPrice(1_000n, { sqrtPriceX96: 0n, liquidity: 0n }, true, 0)).toBe(0n);
  });

  it('reaches a hundredfold price move, and no further', () => {
    const state = { sqrtPriceX96: Q96, liquidity: 10n ** 18n };
    expect(reachOf(state, true)).toBe(9n * 10n ** 18n);
    expect(reachOf(state, false)).toBe(9n * 10n ** 18n);
  });
});

describe('candidate routes', () => {
  it('tries every tier directly, through each other hub, and each v4 tier', () => {
    const routes = candidateRoutes(contracts, NATIVE, USDC, [WETH, USDC, USDT, DAI, DAI]);
    const v3Direct = routes.filter((r) => r.protocol === 'v3' && r.hops.length === 1);
    const v3Hub = routes.filter((r) => r.protocol === 'v3' && r.hops.length === 2);
    const v4 = routes.filter((r) => r.protocol === 'v4');
    expect(v3Direct).toHaveLength(4);
    // WETH and USDC are the pair itself; DAI is listed twice: USDT and DAI, 16 tier pairs each.
    expect(v3Hub).toHaveLength(32);
    expect(v4).toHaveLength(4);
    // v3 swaps the coin as WETH; v4 keeps it as the coin.
    expect(v3Direct[0]?.hops[0]?.tokenIn).toBe(WETH);
    expect(v4[0]?.hops[0]?.tokenIn).toBe(NATIVE);
    // 4 direct + 2 hubs × (4 + 4) legs, and 4 v4 pools.
    expect(poolsOf(routes)).toHaveLength(4 + 16 + 4);
  });

  it('has no v3 route from the coin to its own wrapped token, and no v4 where v4 is not deployed', () => {
    expect(candidateRoutes({ ...contracts, v4: null }, NATIVE, WETH, [])).toEqual([]);
  });

  it('keeps only routes whose pools all have a price and liquidity, and amounts within their reach', () => {
    const routes = candidateRoutes({ ...contracts, v4: null }, DAI, USDC, [WETH]);
    const states = new Map(poolsOf(routes).map((pool) => [poolKeyOf(pool), { sqrtPriceX96: Q96, liquidity: 0n }]));
    const direct = routes[0] as Route;
    states.set(poolKeyOf(direct.hops[0] as never), { sqrtPriceX96: Q96, liquidity: 10n ** 12n });
    expect(liveRoutes(routes, states)).toEqual([direct]);
    expect(withinReach(direct, 10n ** 12n, states)).toBe(true);
    expect(withinReach(direct, 10n ** 14n, states)).toBe(false);
  });
});

describe('choosing a quote', () => {
  const route = (hops: number): Route => ({
    protocol: 'v3',
    hops: Array.from({ length: hops }, () => ({ protocol: 'v3', tokenIn: DAI, tokenOut: USDC, fee: 100, pool: DAI })),
  });
  const quote = (amountOut: bigint, hops: number, gas: bigint): SwapQuote => ({
    route: route(hops),
    amountIn: 1n,
    amountOut,
    gas,
    priceImpactBps: 0n,
  });

  it('takes the most out, then the fewer pools, then the less gas', () => {
    expect(bestQuote([quote(10n, 1, 1n), quote(11n, 2, 9n)])?.amountOut).toBe(11n);
    expect(bestQuote([quote(10n, 2, 1n), quote(10n, 1, 9n)])?.route.hops).toHaveLength(1);
    expect(bestQuote([quote(10n, 1, 9n), quote(10n, 1, 2n)])?.gas).toBe(2n);
    expect(bestQuote([])).toBeUndefined();
  });

  it('measures price impact against the pools present prices, rounded up', () => {
    expect(priceImpactBps(10_000n, 9_950n)).toBe(50n);
    expect(priceImpactBps(3n, 2n)).toBe(3334n);
    expect(priceImpactBps(100n, 120n)).toBe(0n);
    expect(priceImpactBps(0n, 1n)).toBe(0n);
    const direct = route(1);
    const states = new Map([[poolKeyOf(direct.hops[0] as never), { sqrtPriceX96: Q96, liquidity: 1n }]]);
    expect(midPriceOut(direct, 1_000_000n, states)).toBe(999_900n);
  });
});
