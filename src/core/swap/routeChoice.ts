// Which quote wins, and how far it moves the price.
import { atMidPrice, type PoolState } from './pools';
import { poolKeyOf, type Route, zeroForOne } from './routes';

/** One route's quote at a block: what goes in, what comes out, the quoter's gas estimate. */
export type SwapQuote = {
  route: Route;
  amountIn: bigint;
  amountOut: bigint;
  gas: bigint;
  /** How much less than the pools' present prices (after their fees) the amount out is, in basis points. */
  priceImpactBps: bigint;
};

/**
 * What `amountIn` would fetch along `route` at the pools' present prices, after their fees: the
 * amount out if the trade moved no price.
 */
export function midPriceOut(
  route: Route,
  amountIn: bigint,
  states: ReadonlyMap<string, PoolState>,
): bigint | undefined {
  let amount = amountIn;
  for (const hop of route.hops) {
    const state = states.get(poolKeyOf(hop));
    if (!state) return undefined;
    amount = atMidPrice(amount, state, zeroForOne(hop), hop.fee);
  }
  return amount;
}

/** The shortfall of `amountOut` against `ideal`, in basis points (0 when it is not short), rounded up. */
export function priceImpactBps(ideal: bigint, amountOut: bigint): bigint {
  if (ideal <= 0n || amountOut >= ideal) return 0n;
  return ((ideal - amountOut) * 10_000n + ideal - 1n) / ideal;
}

/** Price impact above this blocks the swap: 5 %. */
export const PRICE_IMPACT_BLOCK_BPS = 500n;

/** Whether the quote moves the price too far to be swapped. */
export const impactBlocks = (quote: SwapQuote): boolean => quote.priceImpactBps > PRICE_IMPACT_BLOCK_BPS;

/**
 * The best quote: the most out; on a tie the fewer pools (less to go wrong), then the cheaper in gas.
 * Undefined when there is none.
 */
export function bestQuote(quotes: readonly SwapQuote[]): SwapQuote | undefined {
  return [...quotes].sort(compareQuotes)[0];
}

export function compareQuotes(a: SwapQuote, b: SwapQuote): number {
  if (a.amountOut !== b.amountOut) return a.amountOut > b.amountOut ? -1 : 1;
  if (a.route.hops.length !== b.route.hops.length) return a.route.hops.length - b.route.hops.length;
  return a.gas === b.gas ? 0 : a.gas < b.gas ? -1 : 1;
}
