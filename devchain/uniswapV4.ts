// Uniswap v4's seeded pool: native ETH / USDC at 0.3 % (tick spacing 60, no hooks), opened at the
// ETH and USDC feeds' present prices, with full-range liquidity of 50 ETH and its worth in USDC, as
// deep as v3's ETH/USDC 0.3 % pool. The liquidity goes in through v4's PositionManager as a
// person's would: MINT_POSITION, then SETTLE_PAIR (the USDC pulled through a Permit2 allowance, the
// ETH sent with the call), then SWEEP of any ETH left over. Its transactions ride in the blocks
// uniswap.ts mines for the v3 pools, so they add none.
import {
  type Account,
  type Address,
  concatHex,
  encodeAbiParameters,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem';
import { PERMIT2_ADDRESS } from '../src/core/chain/localChain.ts';
import { MSG_SENDER, type V4PoolKey, v4PoolKeyParameter } from '../src/core/swap/routerCommands.ts';
import { FEED_HISTORY } from './priceRounds.ts';
import { callStep, demoContractAddresses, type Step } from './seedSupport.ts';
import { fullRange, sqrtPriceX96 } from './uniswapMath.ts';

/** A seeded v4 pool: its key, the price it was opened at, and the one full-range position in it. */
export type LocalV4Pool = {
  key: V4PoolKey;
  sqrtPriceX96: bigint;
  liquidity: bigint;
  /** The most of each currency the position takes (base units); what it does not take is swept back. */
  amount0Max: bigint;
  amount1Max: bigint;
};

const Q96 = 2n ** 96n;
const ETH_IN_POOL = parseEther('50');
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The seeded v4 pools, for a chain whose demo USDC is at `usdc` (the seed's, by default). */
export function localV4Pools(usdc: Address = demoContractAddresses().USDC): { ETH_USDC: LocalV4Pool } {
  const key: V4PoolKey = { currency0: zeroAddress, currency1: usdc, fee: 3000, tickSpacing: 60, hooks: zeroAddress };
  const price = sqrtPriceX96(
    { decimals: 18, usd: FEED_HISTORY.ETH_USD_FEED.answer },
    { decimals: 6, usd: FEED_HISTORY.USDC_USD_FEED.answer },
  );
  // Over the full range, liquidity L = amount0 × √P / 2^96 takes at most amount0 of ETH and at
  // most L × √P / 2^96 of USDC, rounded up (SqrtPriceMath rounds what goes in up).
  const liquidity = (ETH_IN_POOL * price) / Q96;
  return {
    ETH_USDC: {
      key,
      sqrtPriceX96: price,
      liquidity,
      amount0Max: ETH_IN_POOL,
      amount1Max: ceilDiv(liquidity * price, Q96),
    },
  };
}

/** PositionManager's actions (v4-periphery Actions.sol) that mint a position and pay for it. */
const POSITION_ACTION = { MINT_POSITION: 0x02, SETTLE_PAIR: 0x0d, SWEEP: 0x14 } as const;

const erc20Abi = parseAbi(['function approve(address spender, uint256 value) returns (bool)']);
const permit2Abi = parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const poolManagerAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'function initialize(PoolKey key, uint160 sqrtPriceX96) returns (int24 tick)',
]);
const positionsAbi = parseAbi(['function modifyLiquidities(bytes unlockData, uint256 deadline) payable']);

/** PositionManager's unlock data: mint `pool`'s full-range position for `owner`, pay for it, sweep back the ETH left. */
function mintFullRange(pool: LocalV4Pool, owner: Address) {
  const { key, liquidity, amount0Max, amount1Max } = pool;
  const { tickLower, tickUpper } = fullRange(key.tickSpacing);
  const actions = concatHex(
    [POSITION_ACTION.MINT_POSITION, POSITION_ACTION.SETTLE_PAIR, POSITION_ACTION.SWEEP].map((action) =>
      numberToHex(action, { size: 1 }),
    ),
  );
  const params = [
    encodeAbiParameters(
      [
        v4PoolKeyParameter,
        { type: 'int24' },
        { type: 'int24' },
        { type: 'uint256' },
        { type: 'uint128' },
        { type: 'uint128' },
        { type: 'address' },
        { type: 'bytes' },
      ],
      [key, tickLower, tickUpper, liquidity, amount0Max, amount1Max, owner, '0x'],
    ),
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [key.currency0, key.currency1]),
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [key.currency0, MSG_SENDER]),
  ];
  return encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], [actions, params]);
}

/**
 * The seed's steps for an ETH / token pool, from `owner`, who holds the token: first (one block)
 * the token's approval of Permit2, Permit2's of the PositionManager and the pool's opening; then
 * (a later block) the position's mint, with the ETH sent along.
 */
export function v4PoolSteps(
  owner: Account,
  at: { poolManager: Address; positions: Address },
  pool: LocalV4Pool,
): { open: Step[]; fund: Step[] } {
  const { key } = pool;
  if (key.currency0 !== zeroAddress) throw new Error('v4PoolSteps seeds only pools of native ETH and a token');
  const maxUint48 = 2 ** 48 - 1;
  return {
    open: [
      callStep(owner, key.currency1, erc20Abi, 'approve', [PERMIT2_ADDRESS, pool.amount1Max]),
      callStep(owner, PERMIT2_ADDRESS, permit2Abi, 'approve', [
        key.currency1,
        at.positions,
        pool.amount1Max,
        maxUint48,
      ]),
      callStep(owner, at.poolManager, poolManagerAbi, 'initialize', [key, pool.sqrtPriceX96]),
    ],
    fund: [
      callStep(
        owner,
        at.positions,
        positionsAbi,
        'modifyLiquidities',
        [mintFullRange(pool, owner.address), maxUint256],
        pool.amount0Max,
      ),
    ],
  };
}
