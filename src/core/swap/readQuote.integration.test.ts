// Quotes read from the local chain's real Uniswap contracts: the best route of every fee tier and
// hub, in two round trips cold and one warm, and a swap built from it delivers the quote to the wei.
import { type Address, erc20Abi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { testNode } from '@/testing/txFixtures';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount } from '../../../devchain/seedSupport.ts';
import { uniswapAddresses } from '../../../devchain/uniswap.ts';
import { chainClient } from '../chain/client';
import { LOCAL_UNISWAP_DEPLOYMENT } from '../chain/localUniswap';
import { localNetwork } from '../chain/networks';
import { NATIVE } from './pools';
import { createQuoteReader, type QuoteReading } from './readQuote';
import { minimumOut } from './slippage';
import { swapTransaction } from './swapTransaction';

const url = localChainUrl();
const node = testNode(url);
const trader = demoAccount(72);
const uniswap = uniswapAddresses();
const demo = demoContractAddresses();
const contracts = LOCAL_UNISWAP_DEPLOYMENT;
const hubs = [uniswap.WETH9, demo.USDC, demo.USDT, demo.DAI];

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('100') });
});

function quoted(reading: QuoteReading) {
  if (reading.kind !== 'quoted') throw new Error(`no quote: ${reading.kind}`);
  return reading;
}

const balanceOf = (token: Address) =>
  node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });

describe('reading a swap quote from the chain', () => {
  it('chooses the best of every tier and hub in two round trips, then one for the next block', async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const reader = createQuoteReader(chainClient({ ...localNetwork(proxy.url), id: 'swap-quote' }), contracts);
      const block = await node.getBlockNumber();
      proxy.resetCounts();
      const ask = { tokenIn: NATIVE, tokenOut: demo.USDC, amountIn: parseEther('1'), hubs, block };
      const cold = quoted(await reader.read(ask));
      expect(proxy.requests).toBe(2);
      expect(proxy.calls).toEqual({ eth_call: 2, eth_getCode: 1 });
      // At the seeded feeds' price, about 3,250 USDC, on the deepest direct pool.
      expect(cold.best.amountOut).toBeGreaterThan(3_200_000_000n);
      expect(cold.best.route.hops).toHaveLength(1);
      expect(cold.best.priceImpactBps).toBeLessThan(100n);
      expect(cold.others.length).toBeGreaterThan(0);
      for (const other of cold.others) expect(other.amountOut).toBeLessThanOrEqual(cold.best.amountOut);
      // The v4 ETH/USDC pool is quoted beside v3's tiers and hubs.
      const all = [cold.best, ...cold.others];
      expect(all.some((q) => q.route.protocol === 'v4')).toBe(true);
      expect(all.some((q) => q.route.hops.length === 2)).toBe(true);
      proxy.resetCounts();
      const warm = quoted(await reader.read(ask));
      expect(proxy.requests).toBe(1);
      expect(proxy.calls).toEqual({ eth_call: 1 });
      // The same route and amount; only the quoter's gas estimate may differ (storage already warm).
      expect(warm.best.route).toEqual(cold.best.route);
      expect(warm.best.amountOut).toBe(cold.best.amountOut);
    } finally {
      await proxy.close();
    }
  });

  it('says when no pool joins two tokens, and when a huge amount exceeds every pool', async () => {
    const reader = createQuoteReader(chainClient(localNetwork(url)), contracts);
    const block = await node.getBlockNumber();
    expect((await reader.read({ tokenIn: demo.USDT, tokenOut: demo.MKR, amountIn: 10n ** 6n, hubs, block })).kind).toBe(
      'noRoute',
    );
    const huge = await reader.read({ tokenIn: demo.DAI, tokenOut: demo.USDC, amountIn: 10n ** 40n, hubs, block });
    expect(huge.kind).toBe('noLiquidity');
  });

  it('builds a swap from the best quote that delivers it to the wei: ETH → DAI', async () => {
    const reader = createQuoteReader(chainClient(localNetwork(url)), contracts);
    const amountIn = parseEther('0.4');
    const block = await node.getBlockNumber();
    const reading = quoted(await reader.read({ tokenIn: NATIVE, tokenOut: demo.DAI, amountIn, hubs, block }));
    const { timestamp } = await node.getBlock();
    const tx = swapTransaction({
      router: contracts.universalRouter,
      quote: reading.best,
      tokenIn: NATIVE,
      tokenOut: demo.DAI,
      amountOutMin: minimumOut(reading.best.amountOut, 50n),
      deadline: timestamp + 600n,
    });
    const before = await balanceOf(demo.DAI);
    const hash = await node.sendTransaction({ account: trader, ...tx });
    expect((await node.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect((await balanceOf(demo.DAI)) - before).toBe(reading.best.amountOut);
  });

  it("turns a node that refuses or fails into its typed error, with the node table's sentence", async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const reader = createQuoteReader(chainClient({ ...localNetwork(proxy.url), id: 'swap-faults' }), contracts);
      const block = await node.getBlockNumber();
      const ask = { tokenIn: NATIVE, tokenOut: demo.USDC, amountIn: parseEther('1'), hubs, block };
      proxy.setFault({ kind: 'status', status: 429 });
      await expect(reader.read(ask)).rejects.toMatchObject({ code: 'CHAIN_RATE_LIMITED' });
      proxy.setFault({
        kind: 'refuse',
        code: -32601,
        message: 'the method eth_call does not exist',
        methods: ['eth_call'],
      });
      await expect(reader.read(ask)).rejects.toMatchObject({ code: 'CHAIN_METHOD_UNSUPPORTED' });
    } finally {
      await proxy.close();
    }
  });
});
