// Cairn's UniversalRouter steps against Uniswap's real contracts on the local chain: what QuoterV2
// quotes (an eth_call) is, to the wei, what the router's swap delivers, on one pool and through
// two, and paid with a Permit2 signature for exactly the amount, which leaves nothing approved;
// and the router refuses a swap whose minimum its pools cannot meet.
import { type Address, erc20Abi, type Hex, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount } from '../../../devchain/seedSupport.ts';
import { uniswapAddresses } from '../../../devchain/uniswap.ts';
import { testNode } from '../../testing/txFixtures';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { permit2AllowanceAbi } from '../contracts/decode/standardAbis';
import { quoterV2Abi } from './quoteCalls';
import {
  executeCalldata,
  MSG_SENDER,
  type PermitSingle,
  permit2Permit,
  ROUTER_ITSELF,
  v3SwapExactIn,
  wrapEth,
} from './routerCommands';
import { minimumOut } from './slippage';
import { permitTypedData } from './swapPermit';
import { encodeV3Path } from './v3Path';

const node = testNode(localChainUrl());
// A demo account past the node's twenty that no other test uses.
const trader = demoAccount(71);
const uniswap = uniswapAddresses();
const demo = demoContractAddresses();

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('100') });
});

async function quote(path: Hex, amountIn: bigint): Promise<bigint> {
  const { result } = await node.simulateContract({
    address: uniswap.QUOTER_V2,
    abi: quoterV2Abi,
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

  it('pays with a Permit2 signature for exactly the amount: DAI → USDC delivers the quote, and nothing stays approved', async () => {
    // DAI to spend, bought first.
    await swapEth(encodeV3Path([uniswap.WETH9, demo.DAI], [500]), parseEther('1'), 0n);
    const amountIn = 1_000n * 10n ** 18n;
    const path = encodeV3Path([demo.DAI, demo.USDC], [100]);
    const quoted = await quote(path, amountIn);
    // The token lets Permit2 take exactly this much; the signature lets the router use it once.
    const approval = await node.writeContract({
      account: trader,
      address: demo.DAI,
      abi: erc20Abi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, amountIn],
    });
    await node.waitForTransactionReceipt({ hash: approval });
    const { timestamp } = await node.getBlock();
    const [, , nonce] = await node.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2AllowanceAbi,
      functionName: 'allowance',
      args: [trader.address, demo.DAI, uniswap.UNIVERSAL_ROUTER],
    });
    const permit: PermitSingle = {
      details: { token: demo.DAI, amount: amountIn, expiration: Number(timestamp) + 600, nonce },
      spender: uniswap.UNIVERSAL_ROUTER,
      sigDeadline: timestamp + 600n,
    };
    const signature = await trader.signTypedData(permitTypedData(permit, PERMIT2_ADDRESS, 31337));
    const before = await balanceOf(demo.USDC);
    const data = executeCalldata(
      [
        permit2Permit(permit, signature),
        v3SwapExactIn({ recipient: MSG_SENDER, amountIn, amountOutMin: quoted, path, payerIsUser: true }),
      ],
      timestamp + 60n,
    );
    const hash = await node.sendTransaction({ account: trader, to: uniswap.UNIVERSAL_ROUTER, data });
    expect((await node.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect((await balanceOf(demo.USDC)) - before).toBe(quoted);
    const [left] = await node.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2AllowanceAbi,
      functionName: 'allowance',
      args: [trader.address, demo.DAI, uniswap.UNIVERSAL_ROUTER],
    });
    expect(left).toBe(0n);
    expect(
      await node.readContract({
        address: demo.DAI,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [trader.address, PERMIT2_ADDRESS],
      }),
    ).toBe(0n);
  });
});
