// Cairn's UniversalRouter steps against Uniswap's real contracts on the local chain: what QuoterV2
// quotes (an eth_call) is, to the wei, what the router's swap delivers, on one pool and through
// two; and the router refuses a swap whose minimum its pools cannot meet.
import { type Address, erc20Abi, type Hex, parseAbi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount } from '../../../devchain/seedSupport.ts';
import { uniswapAddresses } from '../../../devchain/uniswap.ts';
import { testNode } from '../../testing/txFixtures';
import { executeCalldata, MSG_SENDER, ROUTER_ITSELF, v3SwapExactIn, wrapEth } from './routerCommands';
import { minimumOut } from './slippage';
import { encodeV3Path } from './v3Path';

const node = testNode(localChainUrl());
// A demo account past the node's twenty that no other test uses.
const trader = demoAccount(71);
const uniswap = uniswapAddresses();
const demo = demoContractAddresses();
const quoterAbi = parseAbi([
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('100') });
});

async function quote(path: Hex, amountIn: bigint): Promise<bigint> {
  const { result } = await node.simulateContract({
    address: uniswap.QUOTER_V2,
    abi: quoterAbi,
    functionName: 'quoteExactInput',
    args: [path, amountIn],
  });
  return result[0];
}

const balanceOf = (token: Address) =>
  node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });

/** ETH in, wrapped by the router, swapped along `path` for the trader; the block's deadline plus a minute. */
async function swapEth(path: Hex, amountIn: bigint, amountOutMin: bigint) {
  const { timestamp } = await node.getBlock();
  const data = executeCalldata(
    [
      wrapEth(ROUTER_ITSELF, amountIn),
      v3SwapExactIn({ recipient: MSG_SENDER, amountIn, amountOutMin, path, payerIsUser: false }),
    ],
    timestamp + 60n,
  );
  const hash = await node.sendTransaction({ account: trader, to: uniswap.UNIVERSAL_ROUTER, data, value: amountIn });
  return node.waitForTransactionReceipt({ hash });
}

describe('UniversalRouter on the local chain', () => {
  it('delivers what QuoterV2 quoted, to the wei: ETH → USDC on the 0.05 % pool', async () => {
    const path = encodeV3Path([uniswap.WETH9, demo.USDC], [500]);
    const amountIn = parseEther('1');
    const quoted = await quote(path, amountIn);
    // At the seeded feeds' price, about 3,250 USDC.
    expect(quoted).toBeGreaterThan(3_200_000_000n);
    expect(quoted).toBeLessThan(3_260_000_000n);
    const before = await balanceOf(demo.USDC);
    const receipt = await swapEth(path, amountIn, minimumOut(quoted, 50n));
    expect(receipt.status).toBe('success');
    expect((await balanceOf(demo.USDC)) - before).toBe(quoted);
  });

  it('delivers the quote through two pools: ETH → USDC → DAI', async () => {
    const path = encodeV3Path([uniswap.WETH9, demo.USDC, demo.DAI], [3000, 100]);
    const amountIn = parseEther('0.5');
    const quoted = await quote(path, amountIn);
    const before = await balanceOf(demo.DAI);
    const receipt = await swapEth(path, amountIn, quoted);
    expect(receipt.status).toBe('success');
    expect((await balanceOf(demo.DAI)) - before).toBe(quoted);
  });

  it('reverts, moving nothing, when the pools give less than the minimum', async () => {
    const path = encodeV3Path([uniswap.WETH9, demo.DAI], [3000]);
    const amountIn = parseEther('0.1');
    const quoted = await quote(path, amountIn);
    const before = await balanceOf(demo.DAI);
    await expect(swapEth(path, amountIn, quoted + 1n)).rejects.toThrow(/Too little received|revert/i);
    expect(await balanceOf(demo.DAI)).toBe(before);
  });
});
