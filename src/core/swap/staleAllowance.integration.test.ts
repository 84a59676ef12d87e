// A swap from a token made like mainnet USDT (devchain's NoReturnToken, seeded as USDT with a
// USDT/USDC pool), when Permit2 still holds a smaller allowance that is not 0: the token refuses
// an approve from one non-zero allowance to another, so Cairn's approves set it to 0 first, and
// the swap then delivers its quote, leaving nothing approved.
import { type Address, erc20Abi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { testNode } from '@/testing/txFixtures';
import { addTokens } from '../../../devchain/scenarios.ts';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount, seedClient } from '../../../devchain/seedSupport.ts';
import { chainClient } from '../chain/client';
import { LOCAL_UNISWAP_DEPLOYMENT as uniswap } from '../chain/localUniswap';
import { localNetwork } from '../chain/networks';
import { approveCalls, paymentStep, readPaymentState } from './payment';
import { createQuoteReader } from './readQuote';
import { minimumOut } from './slippage';
import { permitTypedData, swapPermit } from './swapPermit';
import { swapTransaction } from './swapTransaction';

const url = localChainUrl();
const node = testNode(url);
const client = chainClient(localNetwork(url));
// A demo account past the node's twenty that no other test uses.
const trader = demoAccount(76);
const demo = demoContractAddresses();
const hubs = [uniswap.wrappedNative, demo.USDC, demo.USDT, demo.DAI];
const amountIn = 100_000000n;
const stale = 1_000000n;

const allowanceOf = (owner: Address) =>
  node.readContract({ address: demo.USDT, abi: erc20Abi, functionName: 'allowance', args: [owner, uniswap.permit2] });
const balanceOf = (token: Address) =>
  node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });

async function send(to: Address, data: `0x${string}`) {
  const hash = await node.sendTransaction({ account: trader, to, data, chain: null });
  return (await node.waitForTransactionReceipt({ hash })).status;
}

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('10') });
  await addTokens(seedClient(url), demo.USDT, trader.address, 1_000_000000n);
  // An approve whose swap was never sent: Permit2 may still take 1 USDT.
  const [left] = approveCalls({ token: demo.USDT, permit2: uniswap.permit2, amount: stale, resetFirst: false });
  if (!left || (await send(left.to, left.data)) !== 'success') throw new Error('the stale approve failed');
});

describe('a swap from a USDT-like token with a smaller allowance left', () => {
  it('refuses, as USDT does, the exact approve over an allowance that is not 0', async () => {
    expect(await allowanceOf(trader.address)).toBe(stale);
    await expect(
      node.simulateContract({
        account: trader.address,
        address: demo.USDT,
        abi: erc20Abi,
        functionName: 'approve',
        args: [uniswap.permit2, amountIn],
      }),
    ).rejects.toThrow(/reset allowance to zero first/);
  });

  it('sets the allowance to 0, then approves exactly, and the swap delivers its quote', async () => {
    const block = await node.getBlockNumber();
    const reading = await createQuoteReader(client, uniswap).read({
      tokenIn: demo.USDT,
      tokenOut: demo.USDC,
      amountIn,
      hubs,
      block,
    });
    if (reading.kind !== 'quoted') throw new Error(`no quote: ${reading.kind}`);
    const { best: quote } = reading;
    const { timestamp } = await node.getBlock();
    const deadline = timestamp + 600n;
    const payment = {
      owner: trader.address,
      token: demo.USDT,
      permit2: uniswap.permit2,
      router: uniswap.universalRouter,
    };

    const step = paymentStep(await readPaymentState(client, payment), amountIn, deadline);
    if (step.kind !== 'approve') throw new Error(`expected an approve, got ${step.kind}`);
    const calls = approveCalls({
      token: demo.USDT,
      permit2: uniswap.permit2,
      amount: amountIn,
      resetFirst: step.resetFirst,
    });
    // A plain account: the reset, then the exact approve, as two transactions in this order.
    for (const call of calls) expect(await send(call.to, call.data)).toBe('success');
    expect(step).toEqual({ kind: 'approve', resetFirst: true, current: stale });
    expect(await allowanceOf(trader.address)).toBe(amountIn);

    const next = paymentStep(await readPaymentState(client, payment), amountIn, deadline);
    if (next.kind !== 'permit') throw new Error(`expected a permit, got ${next.kind}`);
    const permit = swapPermit({
      token: demo.USDT,
      amount: amountIn,
      router: uniswap.universalRouter,
      nonce: next.nonce,
      expiry: deadline,
    });
    const signature = await trader.signTypedData(permitTypedData(permit, uniswap.permit2, uniswap.chainId));
    const tx = swapTransaction({
      router: uniswap.universalRouter,
      quote,
      tokenIn: demo.USDT,
      tokenOut: demo.USDC,
      amountOutMin: minimumOut(quote.amountOut, 50n),
      deadline,
      permit: { permit, signature },
    });
    const before = await balanceOf(demo.USDC);
    expect(await send(tx.to, tx.data)).toBe('success');
    expect((await balanceOf(demo.USDC)) - before).toBe(quote.amountOut);
    expect(await allowanceOf(trader.address)).toBe(0n);
  });
});
