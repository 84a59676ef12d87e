// The pool arithmetic the seeded Uniswap pools (v3 in uniswap.ts, v4 in uniswapV4.ts) share: a
// price as Uniswap keeps it, and the widest range a tick spacing allows.

/** The widest tick, where a price reaches its bounds (TickMath.MAX_TICK, v3 and v4 alike). */
export const MAX_TICK = 887_272;

const Q96 = 2n ** 96n;

/** The full range for a tick spacing: the outermost ticks it allows. */
export function fullRange(tickSpacing: number): { tickLower: number; tickUpper: number } {
  const upper = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return { tickLower: -upper, tickUpper: upper };
}

/** Integer square root (Newton's method). */
export function sqrtBigint(value: bigint): bigint {
  if (value < 0n) throw new RangeError('No square root of a negative');
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

/** A token by what a pool's price needs: its decimals, and what a whole unit is worth (any common scale). */
export type Valued = { decimals: number; usd: bigint };

/** Pool price as Uniswap keeps it, sqrt(token1 per token0 in base units) × 2^96. */
export function sqrtPriceX96(token0: Valued, token1: Valued): bigint {
  return sqrtBigint(
    (token0.usd * 10n ** BigInt(token1.decimals) * 2n ** 192n) / (token1.usd * 10n ** BigInt(token0.decimals)),
  );
}

/**
 * The liquidity of a full-range position that takes at most `amount0` and `amount1` at
 * `sqrtPriceX96`. Over the full range, liquidity L takes L × 2^96 × (1/√P − 1/√Pmax) of token0
 * and L × (√P − √Pmin) / 2^96 of token1: each strictly less than L × 2^96 / √P and L × √P / 2^96,
 * so even rounded up (as the pool rounds what goes in) neither exceeds its whole amount.
 */
export function fullRangeLiquidity(sqrtPriceX96: bigint, amount0: bigint, amount1: bigint): bigint {
  const from0 = (amount0 * sqrtPriceX96) / Q96;
  const from1 = (amount1 * Q96) / sqrtPriceX96;
  return from0 < from1 ? from0 : from1;
}
