// Where a pool lives and what its price is. v3 pools sit at a CREATE2 address that follows from the
// factory, the two tokens and the fee; v4 pools live inside the PoolManager under the hash of their
// key. Neither needs a log scan: every candidate pool is read directly.
import { type Address, encodeAbiParameters, getContractAddress, type Hex, keccak256, zeroAddress } from 'viem';
import type { V4PoolKey } from './routerCommands';

/** The zero address stands for the chain's own coin (ETH), as v4 writes it. */
export const NATIVE: Address = zeroAddress;

/** The two tokens in the order a pool keeps them: the lower address first. */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
}

/** The v3 pool of `a` and `b` at `fee`, whether or not it has been created. */
export function v3PoolAddress(factory: Address, initCodeHash: Hex, a: Address, b: Address, fee: number): Address {
  const [token0, token1] = sortTokens(a, b);
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0, token1, fee]),
  );
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecodeHash: initCodeHash });
}

/** The fee and tick spacing pairs v4 pools without hooks are usually created with (those of v3's tiers). */
export const V4_HOOKLESS_TIERS = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3_000, tickSpacing: 60 },
  { fee: 10_000, tickSpacing: 200 },
] as const;

/** The key of a v4 pool without hooks between `a` and `b`. */
export function v4PoolKey(a: Address, b: Address, tier: { fee: number; tickSpacing: number }): V4PoolKey {
  const [currency0, currency1] = sortTokens(a, b);
  return { currency0, currency1, fee: tier.fee, tickSpacing: tier.tickSpacing, hooks: zeroAddress };
}

/** A pool's present price (token1 per token0, as Q64.96 of its square root) and in-range liquidity. */
export type PoolState = { sqrtPriceX96: bigint; liquidity: bigint };

const Q192 = 1n << 192n;

/**
 * What `amountIn` would fetch at the pool's present price, after its fee (in millionths), with no
 * price moved: the yardstick price impact is measured against.
 */
export function atMidPrice(amountIn: bigint, state: PoolState, zeroForOne: boolean, fee: number): bigint {
  if (state.sqrtPriceX96 === 0n) return 0n;
  const afterFee = (amountIn * BigInt(1_000_000 - fee)) / 1_000_000n;
  const squared = state.sqrtPriceX96 * state.sqrtPriceX96;
  return zeroForOne ? (afterFee * squared) / Q192 : (afterFee * Q192) / squared;
}

const Q96 = 1n << 96n;

/**
 * How much a pool can take in before its price moves a hundredfold, were its present liquidity
 * all there is: far beyond any sensible trade. Quoting more makes the quoter walk every tick to
 * the end of the price range, which can take more gas than a node allows an eth_call.
 */
export function reachOf(state: PoolState, zeroForOne: boolean): bigint {
  if (state.sqrtPriceX96 === 0n) return 0n;
  // Price ×100 is the square root ×10: token0 in moves √P to √P/10, token1 in moves it to 10·√P.
  return zeroForOne
    ? (9n * state.liquidity * Q96) / state.sqrtPriceX96
    : (9n * state.liquidity * state.sqrtPriceX96) / Q96;
}
