// Cairn's v4 router steps against Uniswap's real v4 contracts on the local chain, on the seeded
// native ETH / USDC pool (devchain/uniswapV4.ts): PoolManager names the pool by v4PoolId and
// StateView reads the price it was opened at; what V4Quoter quotes (an eth_call) is, to the wei,
// what a UniversalRouter V4_SWAP delivers, ETH in (sent with the call) and ETH out (the USDC paid
// with a Permit2 signature); and the router refuses a swap whose minimum the pool cannot meet.
import {
  type Address,
  encodeErrorResult,
  erc20Abi,
  parseAbi,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAccount } from '../../../devchain/seedSupport.ts';
import { localV4Pools, uniswapAddresses } from '../../../devchain/uniswap.ts';
import { testNode } from '../../testing/txFixtures';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { permit2AllowanceAbi } from '../contracts/decode/standardAbis';
import { v4QuoterAbi } from './quoteCalls';
import { executeCalldata, type PermitSingle, permit2Permit, v4PoolId, v4SwapExactInSingle } from './routerCommands';
import { permitTypedData } from './swapPermit';

const node = testNode(localChainUrl());
// A demo account past the node's twenty that no other test uses.
const trader = demoAccount(72);
const uniswap = uniswapAddresses();
const pool = localV4Pools().ETH_USDC;
const USDC = pool.key.currency1;
const poolManagerAbi = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
]);
const stateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);
const positionsAbi = parseAbi(['function getPositionLiquidity(uint256 tokenId) view returns (uint128 liquidity)']);

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('100') });
});

async function quote(zeroForOne: boolean, amountIn: bigint): Promise<bigint> {
  const { result } = await node.simulateContract({
    address: uniswap.V4_QUOTER,
    abi: v4QuoterAbi,
    functionName: 'quoteExactInputSingle',
    args: [{ poolKey: pool.key, zeroForOne, exactAmount: amountIn, hookData: '0x' }],
  });
  return result[0];
}

/** What `amountIn` would buy at the pool's price now, with no fee and no price impact. */
async function spotOut(zeroForOne: boolean, amountIn: bigint): Promise<bigint> {
  const [sqrtPriceX96] = await node.readContract({
    address: uniswap.V4_STATE_VIEW,
    abi: stateViewAbi,
    functionName: 'getSlot0',
    args: [v4PoolId(pool.key)],
  });
  const priceX192 = sqrtPriceX96 * sqrtPriceX96;
  return zeroForOne ? (amountIn * priceX192) >> 192n : (amountIn << 192n) / priceX192;
}

const percentOf = (amount: bigint, percent: number) => (amount * BigInt(Math.round(percent * 10))) / 1000n;

const usdcBalance = () =>
  node.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });
const ethBalance = () => node.getBalance({ address: trader.address });
const gasPaid = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;

/** ETH in, sent with the call and settled from the router, USDC out to the trader; the block's deadline plus a minute. */
async function swapEthForUsdc(amountIn: bigint, amountOutMin: bigint) {
  const { timestamp } = await node.getBlock();
  const data = executeCalldata(
    [v4SwapExactInSingle({ pool: pool.key, zeroForOne: true, amountIn, amountOutMin })],
    timestamp + 60n,
  );
  const hash = await node.sendTransaction({ account: trader, to: uniswap.UNIVERSAL_ROUTER, data, value: amountIn });
  return node.waitForTransactionReceipt({ hash });
}

/** The trader's Permit2 signature letting the router take exactly `amount` of `token` once. */
async function signPermit(token: Address, amount: bigint): Promise<{ permit: PermitSingle; signature: `0x${string}` }> {
  const { timestamp } = await node.getBlock();
  const [, , nonce] = await node.readContract({
    address: PERMIT2_ADDRESS,
    abi: permit2AllowanceAbi,
    functionName: 'allowance',
    args: [trader.address, token, uniswap.UNIVERSAL_ROUTER],
  });
  const permit: PermitSingle = {
    details: { token, amount, expiration: Number(timestamp) + 600, nonce },
    spender: uniswap.UNIVERSAL_ROUTER,
    sigDeadline: timestamp + 600n,
  };
  const signature = await trader.signTypedData(permitTypedData(permit, PERMIT2_ADDRESS, 31337));
  return { permit, signature };
}

describe('UniversalRouter on the local chain’s v4 ETH / USDC pool', () => {
  it('is the pool PoolManager opened under keccak256(abi.encode(key)), at the seeded price', async () => {
    const poolId = v4PoolId(pool.key);
    const logs = await node.getContractEvents({
      address: uniswap.V4_POOL_MANAGER,
      abi: poolManagerAbi,
      eventName: 'Initialize',
      args: { id: poolId },
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(1);
    const [opened] = logs;
    expect(opened?.args).toMatchObject({
      currency0: pool.key.currency0,
      currency1: USDC,
      fee: 3000,
      tickSpacing: 60,
      hooks: pool.key.hooks,
      sqrtPriceX96: pool.sqrtPriceX96,
    });
    // StateView reads the same price back in the block that opened it (later swaps move it).
    const [sqrtPriceX96, tick, , lpFee] = await node.readContract({
      address: uniswap.V4_STATE_VIEW,
      abi: stateViewAbi,
      functionName: 'getSlot0',
      args: [poolId],
      blockNumber: opened?.blockNumber ?? 0n,
    });
    expect(sqrtPriceX96).toBe(pool.sqrtPriceX96);
    expect(tick).toBe(opened?.args.tick);
    expect(lpFee).toBe(3000);
    // One full-range position holds all the liquidity, in range whatever the price.
    expect(
      await node.readContract({
        address: uniswap.V4_STATE_VIEW,
        abi: stateViewAbi,
        functionName: 'getLiquidity',
        args: [poolId],
      }),
    ).toBe(pool.liquidity);
    // It is the seed's position #1 in v4's PositionManager, which kept none of the ETH sent to it.
    expect(
      await node.readContract({
        address: uniswap.V4_POSITIONS,
        abi: positionsAbi,
        functionName: 'getPositionLiquidity',
        args: [1n],
      }),
    ).toBe(pool.liquidity);
    expect(await node.getBalance({ address: uniswap.V4_POSITIONS })).toBe(0n);
  });

  it('delivers what V4Quoter quoted, to the wei: ETH → USDC, the ETH sent with the call', async () => {
    const amountIn = parseEther('1');
    const quoted = await quote(true, amountIn);
    // Other files on this worker's chain may have swapped in the pool first: measured from its
    // price now, less the 0.3 % fee and about 2 % for moving a pool of some 50 ETH (more or less,
    // as those swaps left it).
    expect(quoted).toBeGreaterThan(percentOf(await spotOut(true, amountIn), 95));
    expect(quoted).toBeLessThan(percentOf(await spotOut(true, amountIn), 99));
    const [usdcBefore, ethBefore] = [await usdcBalance(), await ethBalance()];
    const receipt = await swapEthForUsdc(amountIn, quoted);
    expect(receipt.status).toBe('success');
    expect((await usdcBalance()) - usdcBefore).toBe(quoted);
    expect(ethBefore - (await ethBalance())).toBe(amountIn + gasPaid(receipt));
    // The pool's own record of the swap: ETH in (negative, owed to the pool), USDC out.
    const [swapped] = parseEventLogs({
      abi: parseAbi([
        'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
      ]),
      logs: receipt.logs,
    });
    expect(swapped?.args).toMatchObject({ id: v4PoolId(pool.key), amount0: -amountIn, amount1: quoted });
  });

  it('delivers the quote the other way: USDC paid with a Permit2 signature, native ETH out', async () => {
    const amountIn = 1_000_000_000n; // 1,000 USDC, from the swap before.
    expect(await usdcBalance()).toBeGreaterThanOrEqual(amountIn);
    const quoted = await quote(false, amountIn);
    // The 0.3 % fee and well under 1 % for moving the pool.
    expect(quoted).toBeGreaterThan(percentOf(await spotOut(false, amountIn), 98.5));
    expect(quoted).toBeLessThan(percentOf(await spotOut(false, amountIn), 99.7));
    const approval = await node.writeContract({
      account: trader,
      address: USDC,
      abi: erc20Abi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, amountIn],
    });
    await node.waitForTransactionReceipt({ hash: approval });
    const { permit, signature } = await signPermit(USDC, amountIn);
    const [usdcBefore, ethBefore] = [await usdcBalance(), await ethBalance()];
    const data = executeCalldata(
      [
        permit2Permit(permit, signature),
        v4SwapExactInSingle({ pool: pool.key, zeroForOne: false, amountIn, amountOutMin: quoted }),
      ],
      permit.sigDeadline,
    );
    const hash = await node.sendTransaction({ account: trader, to: uniswap.UNIVERSAL_ROUTER, data });
    const receipt = await node.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(usdcBefore - (await usdcBalance())).toBe(amountIn);
    expect((await ethBalance()) - ethBefore).toBe(quoted - gasPaid(receipt));
    const [left] = await node.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2AllowanceAbi,
      functionName: 'allowance',
      args: [trader.address, USDC, uniswap.UNIVERSAL_ROUTER],
    });
    expect(left).toBe(0n);
  });

  it('reverts, moving nothing, when the pool gives less than the minimum', async () => {
    const amountIn = parseEther('0.1');
    const quoted = await quote(true, amountIn);
    const before = await usdcBalance();
    // V4Router's own refusal, with the minimum asked and the amount the pool gave.
    const refusal = encodeErrorResult({
      abi: parseAbi(['error V4TooLittleReceived(uint256 minAmountOutReceived, uint256 amountReceived)']),
      errorName: 'V4TooLittleReceived',
      args: [quoted + 1n, quoted],
    });
    await expect(swapEthForUsdc(amountIn, quoted + 1n)).rejects.toThrow(refusal);
    expect(await usdcBalance()).toBe(before);
  });
});
