// The eth_calls a quote is made of: each pool's state, and each live route's quote from Uniswap's
// own quoter contracts (QuoterV2 for v3, V4Quoter for v4). Quoters are not view functions (they
// run the swap and revert with its result), so they are only ever called, never sent.
import {
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  maxUint128,
  parseAbi,
  stringify,
  toFunctionSelector,
} from 'viem';
import { sameHex } from '../bytes';
import type { Call3, CallOutcome } from '../chain/multicall';
import type { SwapContracts } from './contracts';
import type { PoolState } from './pools';
import { type PoolRef, type Route, zeroForOne } from './routes';
import { encodeV3Path } from './v3Path';

const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
]);

const stateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);

export const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);

export const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
]);

/** Two calls per pool: its price, then its liquidity. */
export function stateCalls(pools: readonly PoolRef[], contracts: SwapContracts): Call3[] {
  return pools.flatMap((pool): Call3[] => {
    if (pool.protocol === 'v3')
      return [
        {
          target: pool.pool,
          allowFailure: true,
          callData: encodeFunctionData({ abi: v3PoolAbi, functionName: 'slot0' }),
        },
        {
          target: pool.pool,
          allowFailure: true,
          callData: encodeFunctionData({ abi: v3PoolAbi, functionName: 'liquidity' }),
        },
      ];
    const stateView = contracts.v4?.stateView;
    if (!stateView) throw new Error('A v4 pool on a network without v4');
    return [
      {
        target: stateView,
        allowFailure: true,
        callData: encodeFunctionData({ abi: stateViewAbi, functionName: 'getSlot0', args: [pool.poolId] }),
      },
      {
        target: stateView,
        allowFailure: true,
        callData: encodeFunctionData({ abi: stateViewAbi, functionName: 'getLiquidity', args: [pool.poolId] }),
      },
    ];
  });
}

const answered = (outcome: CallOutcome | undefined): Hex | undefined =>
  outcome?.ok && outcome.data && outcome.data !== '0x' ? outcome.data : undefined;

/** A pool that was never initialized has no price: it is no pool. */
const initialized = (state: PoolState): PoolState | undefined => (state.sqrtPriceX96 > 0n ? state : undefined);

/** A pool's state from its two outcomes, or undefined where there is no pool (no code, an empty answer). */
export function decodeState(pool: PoolRef, price: CallOutcome | undefined, depth: CallOutcome | undefined) {
  const priceData = answered(price);
  const depthData = answered(depth);
  if (!priceData || !depthData) return undefined;
  try {
    if (pool.protocol === 'v3') {
      const [sqrtPriceX96] = decodeFunctionResult({ abi: v3PoolAbi, functionName: 'slot0', data: priceData });
      const liquidity = decodeFunctionResult({ abi: v3PoolAbi, functionName: 'liquidity', data: depthData });
      return initialized({ sqrtPriceX96, liquidity });
    }
    const [sqrtPriceX96] = decodeFunctionResult({ abi: stateViewAbi, functionName: 'getSlot0', data: priceData });
    const liquidity = decodeFunctionResult({ abi: stateViewAbi, functionName: 'getLiquidity', data: depthData });
    return initialized({ sqrtPriceX96, liquidity });
  } catch {
    return undefined;
  }
}

/** The quoter call for `route` with `amountIn` (undefined for an amount v4 cannot take). */
export function quoteCall(route: Route, amountIn: bigint, contracts: SwapContracts): Call3 | undefined {
  if (route.protocol === 'v4') {
    if (!contracts.v4 || amountIn > maxUint128) return undefined;
    const [hop] = route.hops;
    return {
      target: contracts.v4.quoter,
      allowFailure: true,
      callData: encodeFunctionData({
        abi: v4QuoterAbi,
        functionName: 'quoteExactInputSingle',
        args: [{ poolKey: hop.key, zeroForOne: zeroForOne(hop), exactAmount: amountIn, hookData: '0x' }],
      }),
    };
  }
  const [first, ...rest] = route.hops;
  if (!first) return undefined;
  const callData =
    rest.length === 0
      ? encodeFunctionData({
          abi: quoterV2Abi,
          functionName: 'quoteExactInputSingle',
          args: [{ tokenIn: first.tokenIn, tokenOut: first.tokenOut, amountIn, fee: first.fee, sqrtPriceLimitX96: 0n }],
        })
      : encodeFunctionData({
          abi: quoterV2Abi,
          functionName: 'quoteExactInput',
          args: [v3RoutePath(route), amountIn],
        });
  return { target: contracts.quoterV2, allowFailure: true, callData };
}

/** A v3 route's packed path. */
export function v3RoutePath(route: Route): Hex {
  return encodeV3Path(
    [route.hops[0].tokenIn, ...route.hops.map((hop) => hop.tokenOut)],
    route.hops.map((hop) => hop.fee),
  );
}

// QuoterV2 swaps to the end of the price range when it is given no limit, and says nothing when the
// input ran out of pool before it was all spent: a price left at either end means it did.
const MIN_SQRT_PRICE_LIMIT = 4295128739n + 1n;
const MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970342n - 1n;
const drained = (sqrtPricesAfter: readonly bigint[]) =>
  sqrtPricesAfter.some((price) => price <= MIN_SQRT_PRICE_LIMIT || price >= MAX_SQRT_PRICE_LIMIT);

/**
 * The amount out and the quoter's gas estimate, or undefined when there is no quote: it reverted,
 * or a pool ran dry before the whole amount was swapped (V4Quoter reverts on that itself).
 */
export function decodeQuote(
  route: Route,
  outcome: CallOutcome | undefined,
): { amountOut: bigint; gas: bigint } | undefined {
  const data = answered(outcome);
  if (!data) return undefined;
  try {
    if (route.protocol === 'v4') {
      const [amountOut, gas] = decodeFunctionResult({ abi: v4QuoterAbi, functionName: 'quoteExactInputSingle', data });
      return { amountOut, gas };
    }
    if (route.hops.length === 1) {
      const [amountOut, after, , gas] = decodeFunctionResult({
        abi: quoterV2Abi,
        functionName: 'quoteExactInputSingle',
        data,
      });
      return drained([after]) ? undefined : { amountOut, gas };
    }
    const [amountOut, after, , gas] = decodeFunctionResult({ abi: quoterV2Abi, functionName: 'quoteExactInput', data });
    return drained(after) ? undefined : { amountOut, gas };
  } catch {
    return undefined;
  }
}

/** The quoter functions, each of whose results ends with a gas estimate. */
const QUOTER_FUNCTIONS = [
  ...quoterV2Abi.filter((item) => item.type === 'function').map((fn) => ({ abi: quoterV2Abi, name: fn.name })),
  ...v4QuoterAbi.filter((item) => item.type === 'function').map((fn) => ({ abi: v4QuoterAbi, name: fn.name })),
].map((fn) => ({
  ...fn,
  selector: toFunctionSelector(fn.abi.find((item) => item.type === 'function' && item.name === fn.name) as never),
}));

/** A quoter's result without its gas estimate (its last value), or undefined for another call or data that does not decode. */
function quoteWithoutGas(call: Call3, data: Hex): unknown[] | undefined {
  const fn = QUOTER_FUNCTIONS.find((one) => sameHex(call.callData.slice(0, 10), one.selector));
  if (!fn) return undefined;
  try {
    const values = decodeFunctionResult({ abi: fn.abi, functionName: fn.name, data } as never) as readonly unknown[];
    return values.slice(0, -1);
  } catch {
    return undefined;
  }
}

/**
 * Whether two answers to `call` say the same: both failed, or both gave the same data, but for a
 * quoter's gas estimate, which follows which accounts the call found warm (so how calls were
 * batched), not the pools' state.
 */
export function sameAnswer(call: Call3, a: CallOutcome | undefined, b: CallOutcome | undefined): boolean {
  if (!a || !b || a.ok !== b.ok) return false;
  if (!a.ok || !b.ok) return true;
  const [dataA, dataB] = [a.data ?? '0x', b.data ?? '0x'];
  if (sameHex(dataA, dataB)) return true;
  const [quoteA, quoteB] = [quoteWithoutGas(call, dataA), quoteWithoutGas(call, dataB)];
  return quoteA !== undefined && quoteB !== undefined && stringify(quoteA) === stringify(quoteB);
}
