// The routes a swap may take: every v3 fee tier directly and through one hub token, and every v4
// pool without hooks directly. Which of them exist is read in one go (their states); only those
// with liquidity are quoted.
import type { Address, Hex } from 'viem';
import { sameAddress } from '../keys/sameAddress';
import type { SwapContracts } from './contracts';
import {
  atMidPrice,
  NATIVE,
  type PoolState,
  reachOf,
  sortTokens,
  V4_HOOKLESS_TIERS,
  v3PoolAddress,
  v4PoolKey,
} from './pools';
import { type V4PoolKey, v4PoolId } from './routerCommands';
import { V3_FEE_TIERS } from './v3Path';

export type V3Hop = { protocol: 'v3'; tokenIn: Address; tokenOut: Address; fee: number; pool: Address };
export type V4Hop = {
  protocol: 'v4';
  tokenIn: Address;
  tokenOut: Address;
  fee: number;
  key: V4PoolKey;
  poolId: Hex;
};
export type Hop = V3Hop | V4Hop;

/** A way through: one v4 pool, or one or two v3 pools. Hops' tokens are as the pools hold them (WETH in v3). */
export type Route = { protocol: 'v3'; hops: V3Hop[] } | { protocol: 'v4'; hops: [V4Hop] };

/** A pool to read, named by where its state is kept: a v3 pool's address, a v4 pool's id. */
export type PoolRef = V3Hop | V4Hop;

export const poolKeyOf = (hop: Hop): string => (hop.protocol === 'v3' ? hop.pool.toLowerCase() : hop.poolId);

/** True when `hop` swaps token0 for token1 (its input is the lower address). */
export function zeroForOne(hop: Hop): boolean {
  return sameAddress(sortTokens(hop.tokenIn, hop.tokenOut)[0], hop.tokenIn);
}

/** v3 knows no coin: ETH is swapped as its wrapped token. */
const asV3Token = (token: Address, contracts: SwapContracts): Address =>
  sameAddress(token, NATIVE) ? contracts.wrappedNative : token;

function v3Hops(contracts: SwapContracts, tokenIn: Address, tokenOut: Address): V3Hop[] {
  if (sameAddress(tokenIn, tokenOut)) return [];
  return V3_FEE_TIERS.map((fee) => ({
    protocol: 'v3',
    tokenIn,
    tokenOut,
    fee,
    pool: v3PoolAddress(contracts.v3Factory, contracts.v3PoolInitCodeHash, tokenIn, tokenOut, fee),
  }));
}

/** Every route worth reading for `tokenIn` → `tokenOut` (NATIVE for the coin), hubs being the network's main tokens. */
export function candidateRoutes(
  contracts: SwapContracts,
  tokenIn: Address,
  tokenOut: Address,
  hubs: readonly Address[],
): Route[] {
  const routes: Route[] = [];
  const v3In = asV3Token(tokenIn, contracts);
  const v3Out = asV3Token(tokenOut, contracts);
  for (const hop of v3Hops(contracts, v3In, v3Out)) routes.push({ protocol: 'v3', hops: [hop] });
  const seen = new Set<string>();
  for (const hub of hubs) {
    const key = hub.toLowerCase();
    if (seen.has(key) || sameAddress(hub, v3In) || sameAddress(hub, v3Out)) continue;
    seen.add(key);
    for (const first of v3Hops(contracts, v3In, hub))
      for (const second of v3Hops(contracts, hub, v3Out)) routes.push({ protocol: 'v3', hops: [first, second] });
  }
  if (contracts.v4 && !sameAddress(tokenIn, tokenOut)) {
    for (const tier of V4_HOOKLESS_TIERS) {
      const key = v4PoolKey(tokenIn, tokenOut, tier);
      routes.push({
        protocol: 'v4',
        hops: [{ protocol: 'v4', tokenIn, tokenOut, fee: tier.fee, key, poolId: v4PoolId(key) }],
      });
    }
  }
  return routes;
}

/** The distinct pools `routes` go through, each once. */
export function poolsOf(routes: readonly Route[]): PoolRef[] {
  const pools = new Map<string, PoolRef>();
  for (const route of routes) for (const hop of route.hops) pools.set(poolKeyOf(hop), hop);
  return [...pools.values()];
}

/** The routes whose every pool exists and has liquidity in range. */
export function liveRoutes(routes: readonly Route[], states: ReadonlyMap<string, PoolState>): Route[] {
  return routes.filter((route) =>
    route.hops.every((hop) => {
      const state = states.get(poolKeyOf(hop));
      return state !== undefined && state.sqrtPriceX96 > 0n && state.liquidity > 0n;
    }),
  );
}

/** False when `amountIn` is far beyond what the route's pools hold (see reachOf): not worth a quote. */
export function withinReach(route: Route, amountIn: bigint, states: ReadonlyMap<string, PoolState>): boolean {
  let amount = amountIn;
  for (const hop of route.hops) {
    const state = states.get(poolKeyOf(hop));
    if (!state) return false;
    const forward = zeroForOne(hop);
    if (amount > reachOf(state, forward)) return false;
    amount = atMidPrice(amount, state, forward, hop.fee);
  }
  return true;
}
