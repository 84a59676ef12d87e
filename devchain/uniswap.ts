// Uniswap's real contracts on the local chain, from their npm artifacts (dev dependencies): WETH9,
// v3 (factory, position manager, QuoterV2), v4 (PoolManager, V4Quoter, StateView, PositionManager)
// and UniversalRouter 2.1, from a deployer of their own after the scenarios, at addresses that
// follow from its nonces. Then v3 pools at the price feeds' present prices, with full-range
// liquidity: ETH/USDC and ETH/DAI on the 0.05 % and 0.3 % tiers, DAI/USDC and USDT/USDC on
// 0.01 %; ETH/FEE on 0.3 % (the fee-on-transfer token at 1 USD), funded through
// FeeAwareLiquidity.sol as the position manager cannot; an ETH/MKR 0.3 % pool opened with no
// liquidity at all; and one v4 pool, native ETH/USDC at 0.3 % (uniswapV4.ts), in the same blocks.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Abi, type Address, getContractAddress, type Hex, maxUint256, parseEther, zeroAddress } from 'viem';
import { PERMIT2_ADDRESS } from '../src/core/chain/localChain.ts';
import { v3PoolAddress } from '../src/core/swap/pools.ts';
import type { CompiledContracts } from './compile.ts';
import { FEED_HISTORY } from './priceRounds.ts';
import {
  addTokens,
  FEE_TOKEN_BPS,
  mineBlock,
  SCENARIO_DEPLOYER_INDEX,
  scenarioContractAddresses,
} from './scenarios.ts';
import { callStep, type DemoContract, demoAccount, demoContractAddresses, type SeedClient } from './seedSupport.ts';
import { fullRange, fullRangeLiquidity, sqrtPriceX96, type Valued } from './uniswapMath.ts';
import { localV4Pools, v4PoolSteps } from './uniswapV4.ts';

export { type LocalV4Pool, localV4Pools } from './uniswapV4.ts';

const modules = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');

/** Past the node's twenty: it signs here. */
export const UNISWAP_DEPLOYER_INDEX = 22;

export const uniswapOrder = [
  'WETH9',
  'V3_FACTORY',
  'V3_POSITIONS',
  'QUOTER_V2',
  'V4_POOL_MANAGER',
  'V4_QUOTER',
  'V4_STATE_VIEW',
  'V4_POSITIONS',
  'UNIVERSAL_ROUTER',
] as const;
export type UniswapContract = (typeof uniswapOrder)[number];

/** The artifact each contract is deployed from: its package, and the JSON's path inside it. */
const ARTIFACTS: Record<UniswapContract, string> = {
  WETH9: 'canonical-weth/build/contracts/WETH9.json',
  V3_FACTORY: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  V3_POSITIONS:
    '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  QUOTER_V2: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
  V4_POOL_MANAGER: '@uniswap/v4-periphery/foundry-out/PoolManager.sol/PoolManager.default.json',
  V4_QUOTER: '@uniswap/v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json',
  V4_STATE_VIEW: '@uniswap/v4-periphery/foundry-out/StateView.sol/StateView.json',
  V4_POSITIONS: '@uniswap/v4-periphery/foundry-out/PositionManager.sol/PositionManager.json',
  UNIVERSAL_ROUTER: '@uniswap/universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json',
};

/** keccak256 of UniswapV3Pool's creation code, which the periphery and the router derive pool addresses from. */
export const V3_POOL_INIT_CODE_HASH: Hex = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

type Artifact = { abi: Abi; bytecode: Hex };

const artifacts = new Map<UniswapContract, Artifact>();

/** A contract's ABI and creation code, from a Hardhat, Truffle or Foundry artifact (read once). */
export function uniswapArtifact(name: UniswapContract): Artifact {
  const kept = artifacts.get(name);
  if (kept) return kept;
  const json = JSON.parse(readFileSync(join(modules, ARTIFACTS[name]), 'utf8')) as {
    abi: Abi;
    bytecode: string | { object: string };
  };
  const code = typeof json.bytecode === 'string' ? json.bytecode : json.bytecode.object;
  const artifact = { abi: json.abi, bytecode: (code.startsWith('0x') ? code : `0x${code}`) as Hex };
  artifacts.set(name, artifact);
  return artifact;
}

export function uniswapAddresses(): Record<UniswapContract, Address> {
  const from = demoAccount(UNISWAP_DEPLOYER_INDEX).address;
  return Object.fromEntries(
    uniswapOrder.map((name, nonce) => [name, getContractAddress({ from, nonce: BigInt(nonce) })]),
  ) as Record<UniswapContract, Address>;
}

/** FeeAwareLiquidity (devchain/contracts/): the Uniswap deployer's first contract after Uniswap's own. */
export function feeAwareLiquidityAddress(): Address {
  return getContractAddress({ from: demoAccount(UNISWAP_DEPLOYER_INDEX).address, nonce: BigInt(uniswapOrder.length) });
}

/** v3 fee tiers and their tick spacings. */
const TICK_SPACING = { 100: 1, 500: 10, 3000: 60, 10000: 200 } as const;

/** A seeded pool's side: the token (WETH for ETH), its decimals, and its price feed's present answer. */
type Side = { token: Address } & Valued;
/** A seeded pool's sides in Uniswap's order (token0 below token1), each with the amount put in. */
type PoolPlan = { token0: Side; amount0: bigint; token1: Side; amount1: bigint; fee: keyof typeof TICK_SPACING };

/** What `amount` of side `from` is worth in side `to`, in base units. */
const worth = (amount: bigint, from: Valued, to: Valued) =>
  (amount * from.usd * 10n ** BigInt(to.decimals)) / (to.usd * 10n ** BigInt(from.decimals));

/** `amount` of side `a`, and as much of side `b` as it is worth. */
function pool(a: Side, b: Side, fee: PoolPlan['fee'], amount: bigint): PoolPlan {
  const sides = [
    { side: a, amount },
    { side: b, amount: worth(amount, a, b) },
  ].sort((x, y) => (BigInt(x.side.token) < BigInt(y.side.token) ? -1 : 1));
  const [first, second] = sides as [(typeof sides)[number], (typeof sides)[number]];
  return { token0: first.side, amount0: first.amount, token1: second.side, amount1: second.amount, fee };
}

const ethSide = (weth: Address): Side => ({ token: weth, decimals: 18, usd: FEED_HISTORY.ETH_USD_FEED.answer });

/** FEE is valued at 1 USD (it has no feed): its pool trades at the ETH feed's price in FEE. */
const FEE_USD = 1_00000000n;
/** MKR has no feed either; its empty pool opens at about its market price. */
const MKR_USD = 1_500_00000000n;

/** The v3 pools the position manager funds. */
export function plannedPools(demo: Record<DemoContract, Address>, weth: Address): PoolPlan[] {
  const eth = ethSide(weth);
  const usdc: Side = { token: demo.USDC, decimals: 6, usd: FEED_HISTORY.USDC_USD_FEED.answer };
  const dai: Side = { token: demo.DAI, decimals: 18, usd: FEED_HISTORY.DAI_USD_FEED.answer };
  const usdt: Side = { token: demo.USDT, decimals: 6, usd: FEED_HISTORY.USDT_USD_FEED.answer };
  return [
    pool(eth, usdc, 500, parseEther('200')),
    pool(eth, usdc, 3000, parseEther('50')),
    pool(eth, dai, 500, parseEther('100')),
    pool(eth, dai, 3000, parseEther('50')),
    pool(dai, usdc, 100, parseEther('500000')),
    // USDT refuses to change one non-zero allowance to another: swaps from it reset a stale one.
    pool(usdt, usdc, 100, 500_000_000000n),
  ];
}

/** A seeded v3 pool beside plannedPools(): its plan, address, opening price and the liquidity put in it. */
export type LocalV3Pool = PoolPlan & { address: Address; sqrtPriceX96: bigint; liquidity: bigint };

/**
 * The v3 pools beside plannedPools(): WETH/FEE at 0.3 %, 50 ETH and its worth in FEE over the full
 * range (as deep as ETH/USDC 0.3 %), funded through FeeAwareLiquidity; and WETH/MKR at 0.3 %,
 * created and priced but with no liquidity, so MKR has a pool and still no quote.
 */
export function localEdgePools(
  weth: Address = uniswapAddresses().WETH9,
  fee: Address = scenarioContractAddresses().FEE,
  mkr: Address = demoContractAddresses().MKR,
): { ETH_FEE: LocalV3Pool; ETH_MKR: LocalV3Pool } {
  const eth = ethSide(weth);
  const located = (plan: PoolPlan, liquidity: (price: bigint) => bigint): LocalV3Pool => {
    const price = sqrtPriceX96(plan.token0, plan.token1);
    const factory = uniswapAddresses().V3_FACTORY;
    const address = v3PoolAddress(factory, V3_POOL_INIT_CODE_HASH, plan.token0.token, plan.token1.token, plan.fee);
    return { ...plan, address, sqrtPriceX96: price, liquidity: liquidity(price) };
  };
  const feePlan = pool(eth, { token: fee, decimals: 18, usd: FEE_USD }, 3000, parseEther('50'));
  return {
    ETH_FEE: located(feePlan, (price) => fullRangeLiquidity(price, feePlan.amount0, feePlan.amount1)),
    ETH_MKR: located(pool(eth, { token: mkr, decimals: 18, usd: MKR_USD }, 3000, 0n), () => 0n),
  };
}

/** What to send of a FEE amount so that it arrives whole (FeeAwareLiquidity.grossUp). */
const grossUp = (net: bigint) => (net * 10_000n + (10_000n - FEE_TOKEN_BPS) - 1n) / (10_000n - FEE_TOKEN_BPS);

/** Deploys Uniswap after the scenarios and seeds its v3 pools. */
export async function seedUniswap(
  client: SeedClient,
  compiled: CompiledContracts,
  demo: Record<DemoContract, Address>,
): Promise<void> {
  const deployer = demoAccount(UNISWAP_DEPLOYER_INDEX);
  const at = uniswapAddresses();
  await client.setBalance({ address: deployer.address, value: parseEther('10000') });
  const deploy = (name: UniswapContract, args: readonly unknown[]) => (c: SeedClient) =>
    c.deployContract({ account: deployer, ...uniswapArtifact(name), args });
  // The deployments, in the order their addresses assume; two blocks, as each is up to 5.5 M gas.
  await mineBlock(client, [
    deploy('WETH9', []),
    deploy('V3_FACTORY', []),
    // No token descriptor: only tokenURI of a position needs one.
    deploy('V3_POSITIONS', [at.V3_FACTORY, at.WETH9, zeroAddress]),
    deploy('QUOTER_V2', [at.V3_FACTORY, at.WETH9]),
    deploy('V4_POOL_MANAGER', [deployer.address]),
  ]);
  await mineBlock(client, [
    deploy('V4_QUOTER', [at.V4_POOL_MANAGER]),
    deploy('V4_STATE_VIEW', [at.V4_POOL_MANAGER]),
    deploy('V4_POSITIONS', [at.V4_POOL_MANAGER, PERMIT2_ADDRESS, 300_000n, zeroAddress, at.WETH9]),
    deploy('UNIVERSAL_ROUTER', [
      {
        permit2: PERMIT2_ADDRESS,
        weth9: at.WETH9,
        v2Factory: zeroAddress,
        v3Factory: at.V3_FACTORY,
        pairInitCodeHash: `0x${'0'.repeat(64)}`,
        poolInitCodeHash: V3_POOL_INIT_CODE_HASH,
        v4PoolManager: at.V4_POOL_MANAGER,
        v3NFTPositionManager: at.V3_POSITIONS,
        v4PositionManager: at.V4_POSITIONS,
        spokePool: zeroAddress,
      },
    ]),
  ]);
  for (const name of uniswapOrder) {
    const code = await client.getCode({ address: at[name] });
    if (!code || code === '0x') throw new Error(`${name} was not deployed at ${at[name]}`);
  }

  const pools = plannedPools(demo, at.WETH9);
  const needed = new Map<Address, bigint>();
  const add = (token: Address, amount: bigint) => needed.set(token, (needed.get(token) ?? 0n) + amount);
  for (const pool of pools) {
    add(pool.token0.token, pool.amount0);
    add(pool.token1.token, pool.amount1);
  }
  // The demo tokens' liquidity written into state (it moves no one's balance or history); WETH by
  // a deposit of the deployer's ETH.
  for (const [token, amount] of needed)
    if (token !== at.WETH9) await addTokens(client, token, deployer.address, amount);
  const v4Pool = localV4Pools(demo.USDC).ETH_USDC;
  await addTokens(client, v4Pool.key.currency1, deployer.address, v4Pool.amount1Max);
  const v4 = v4PoolSteps(deployer, { poolManager: at.V4_POOL_MANAGER, positions: at.V4_POSITIONS }, v4Pool);
  const weth = uniswapArtifact('WETH9').abi;
  const positions = uniswapArtifact('V3_POSITIONS').abi;
  const call = (to: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint) =>
    callStep(deployer, to, abi, functionName, args, value);
  const createPool = ({ token0, token1, fee }: PoolPlan) =>
    call(at.V3_POSITIONS, positions, 'createAndInitializePoolIfNecessary', [
      token0.token,
      token1.token,
      fee,
      sqrtPriceX96(token0, token1),
    ]);

  // The FEE pool's liquidity comes through FeeAwareLiquidity, which pays the pool from its own
  // balances: WETH from the deployer's deposit, FEE minted to it by FEE's minter (grossed up, as
  // its transfers to the pool arrive 2 % short).
  const feeToken = scenarioContractAddresses().FEE;
  const { ETH_FEE: feePool, ETH_MKR: emptyPool } = localEdgePools(at.WETH9, feeToken, demo.MKR);
  const helper = compiled.FeeAwareLiquidity;
  if (!helper) throw new Error('missing compiled contract FeeAwareLiquidity');
  const helperAt = feeAwareLiquidityAddress();
  const feeIs0 = feePool.token0.token === feeToken;
  const [wethForFeePool, feeForFeePool] = feeIs0
    ? [feePool.amount1, feePool.amount0]
    : [feePool.amount0, feePool.amount1];
  const feeRange = fullRange(TICK_SPACING[feePool.fee]);
  const feeAbi = compiled.FeeToken?.abi;
  if (!feeAbi) throw new Error('missing compiled contract FeeToken');

  await mineBlock(client, [
    // First, so that its address is the deployer's next nonce after Uniswap's contracts.
    (c) => c.deployContract({ account: deployer, abi: helper.abi, bytecode: helper.bytecode, args: [] }),
    // The 0.01 % tier, which the factory's owner turns on (Uniswap did so on every chain in 2021).
    call(at.V3_FACTORY, uniswapArtifact('V3_FACTORY').abi, 'enableFeeAmount', [100, TICK_SPACING[100]]),
    call(at.WETH9, weth, 'deposit', [], (needed.get(at.WETH9) ?? 0n) + wethForFeePool),
    call(at.WETH9, weth, 'transfer', [helperAt, wethForFeePool]),
    ...[...needed.keys()].map((token) => call(token, weth, 'approve', [at.V3_POSITIONS, maxUint256])),
    ...v4.open,
    callStep(demoAccount(SCENARIO_DEPLOYER_INDEX), feeToken, feeAbi, 'mint', [helperAt, grossUp(feeForFeePool)]),
  ]);
  await mineBlock(client, [
    ...pools.flatMap((plan) => [
      createPool(plan),
      call(at.V3_POSITIONS, positions, 'mint', [
        {
          token0: plan.token0.token,
          token1: plan.token1.token,
          fee: plan.fee,
          ...fullRange(TICK_SPACING[plan.fee]),
          amount0Desired: plan.amount0,
          amount1Desired: plan.amount1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: deployer.address,
          deadline: maxUint256,
        },
      ]),
    ]),
    ...v4.fund,
    createPool(feePool),
    call(helperAt, helper.abi, 'mint', [
      feePool.address,
      deployer.address,
      feeRange.tickLower,
      feeRange.tickUpper,
      feePool.liquidity,
      feeIs0 ? Number(FEE_TOKEN_BPS) : 0,
      feeIs0 ? 0 : Number(FEE_TOKEN_BPS),
    ]),
    createPool(emptyPool),
  ]);
}
