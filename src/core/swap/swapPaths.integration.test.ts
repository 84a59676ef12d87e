// The swap the app builds, on the local chain's real contracts, along the paths the other tests
// build by hand: a token in paid with an exact permit and ETH out (unwrapped by the router), and
// ETH in through the v4 pool. The preview of the first (its step-by-step trace too large on this
// node, so read by state overrides, where Permit2 asks the sender's code about the signature)
// gives exactly what the chain then gives.
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { testNode } from '@/testing/txFixtures';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount } from '../../../devchain/seedSupport.ts';
import { chainClient } from '../chain/client';
import { LOCAL_UNISWAP_DEPLOYMENT as uniswap } from '../chain/localUniswap';
import { localNetwork } from '../chain/networks';
import { createProbeCache } from '../simulation/probe';
import { simulateTransaction } from '../simulation/simulate';
import { readPaymentState } from './payment';
import { NATIVE } from './pools';
import { createQuoteReader, type QuoteReading } from './readQuote';
import { minimumOut } from './slippage';
import { permitTypedData, swapPermit } from './swapPermit';
import { checkSwapSimulation, type SwapFacts } from './swapReview';
import { swapTransaction } from './swapTransaction';

const url = localChainUrl();
const node = testNode(url);
const trader = demoAccount(75);
const demo = demoContractAddresses();
const client = chainClient({ ...localNetwork(url), id: 'swap-paths' });
const reader = createQuoteReader(client, uniswap);
const hubs = [uniswap.wrappedNative, demo.USDC, demo.USDT, demo.DAI];

function quoted(reading: QuoteReading) {
  if (reading.kind !== 'quoted') throw new Error(`no quote: ${reading.kind}`);
  return reading;
}

async function send(tx: { to: Address; value: bigint; data: `0x${string}` }) {
  const hash = await node.sendTransaction({ account: trader, ...tx });
  const receipt = await node.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('100') });
});

describe('the swaps the app builds', () => {
  it('pays DAI with an exact permit for ETH out; the preview gives exactly the quote, and so does the chain', async () => {
    // DAI to spend, bought first.
    const { timestamp } = await node.getBlock();
    const bought = quoted(
      await reader.read({
        tokenIn: NATIVE,
        tokenOut: demo.DAI,
        amountIn: parseEther('1'),
        hubs,
        block: await node.getBlockNumber({ cacheTime: 0 }),
      }),
    );
    await send(
      swapTransaction({
        router: uniswap.universalRouter,
        quote: bought.best,
        tokenIn: NATIVE,
        tokenOut: demo.DAI,
        amountOutMin: 0n,
        deadline: timestamp + 600n,
      }),
    );
    const amountIn = parseUnits('500', 18);
    await send({
      to: demo.DAI,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [uniswap.permit2, amountIn],
      }),
    });
    const block = await node.getBlockNumber({ cacheTime: 0 });
    const reading = quoted(await reader.read({ tokenIn: demo.DAI, tokenOut: NATIVE, amountIn, hubs, block }));
    const state = await readPaymentState(client, {
      owner: trader.address,
      token: demo.DAI,
      permit2: uniswap.permit2,
      router: uniswap.universalRouter,
    });
    const deadline = (await node.getBlock()).timestamp + 600n;
    const permit = swapPermit({
      token: demo.DAI,
      amount: amountIn,
      router: uniswap.universalRouter,
      nonce: state.permit2.nonce,
      expiry: deadline,
    });
    expect(permit).toMatchObject({
      details: { amount: amountIn, expiration: Number(deadline) },
      spender: uniswap.universalRouter,
    });
    const signature = await trader.signTypedData(permitTypedData(permit, uniswap.permit2, 31337));
    const tx = swapTransaction({
      router: uniswap.universalRouter,
      quote: reading.best,
      tokenIn: demo.DAI,
      tokenOut: NATIVE,
      amountOutMin: minimumOut(reading.best.amountOut, 50n),
      deadline,
      permit: { permit, signature },
    });
    expect(tx.value).toBe(0n);

    const preview = await simulateTransaction(
      client,
      { from: trader.address, ...tx, gas: 600_000n },
      { cache: createProbeCache(), watch: { tokens: [demo.DAI] } },
    );
    expect(preview.outcome.ok).toBe(true);
    expect(preview.strategy).toBe('stateOverride');
    const facts = { tokenOut: NATIVE, quotedOut: reading.best.amountOut, minimumOut: 0n } as SwapFacts;
    // The router unwraps all the WETH it holds: dust other swaps left there comes out too.
    const dust = await node.readContract({
      address: uniswap.wrappedNative,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [uniswap.universalRouter],
    });
    const arrives = reading.best.amountOut + dust;
    expect(checkSwapSimulation(facts, preview, trader.address)).toEqual(
      dust === 0n ? { kind: 'equal', received: arrives } : { kind: 'more', received: arrives },
    );

    const before = await node.getBalance({ address: trader.address });
    const receipt = await send(tx);
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect((await node.getBalance({ address: trader.address })) - before + fee).toBe(arrives);
    const after = await readPaymentState(client, {
      owner: trader.address,
      token: demo.DAI,
      permit2: uniswap.permit2,
      router: uniswap.universalRouter,
    });
    expect(after.tokenAllowance).toBe(0n);
    expect(after.permit2.amount).toBe(0n);
  });

  it('sends ETH into the v4 pool when that route is chosen, and delivers its quote', async () => {
    const block = await node.getBlockNumber({ cacheTime: 0 });
    const reading = quoted(
      await reader.read({ tokenIn: NATIVE, tokenOut: demo.USDC, amountIn: parseEther('0.3'), hubs, block }),
    );
    const v4 = [reading.best, ...reading.others].find((q) => q.route.protocol === 'v4');
    if (!v4) throw new Error('no v4 quote');
    const { timestamp } = await node.getBlock();
    const tx = swapTransaction({
      router: uniswap.universalRouter,
      quote: v4,
      tokenIn: NATIVE,
      tokenOut: demo.USDC,
      amountOutMin: v4.amountOut,
      deadline: timestamp + 600n,
    });
    expect(tx.value).toBe(parseEther('0.3'));
    const before = await node.readContract({
      address: demo.USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [trader.address],
    });
    await send(tx);
    const after = await node.readContract({
      address: demo.USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [trader.address],
    });
    expect(after - before).toBe(v4.amountOut);
  });
});
