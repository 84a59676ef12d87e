// The local chain's Uniswap pools of the awkward tokens: ETH/FEE, whose token takes 2 % of every
// transfer, is quoted and swapped like any pool, though what arrives is 2 % short of the quote;
// ETH/MKR exists without liquidity, so MKR reads "no liquidity", while tokens that no pools join
// read "no route".
import { type Address, erc20Abi, parseAbi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { testNode } from '@/testing/txFixtures';
import { FEE_TOKEN_BPS, scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAccount } from '../../../devchain/seedSupport.ts';
import { localEdgePools, uniswapAddresses } from '../../../devchain/uniswap.ts';
import { chainClient } from '../chain/client';
import { LOCAL_UNISWAP_DEPLOYMENT } from '../chain/localUniswap';
import { localNetwork } from '../chain/networks';
import { NATIVE } from './pools';
import { createQuoteReader, type QuoteReading } from './readQuote';
import { minimumOut } from './slippage';
import { swapTransaction } from './swapTransaction';

const url = localChainUrl();
const node = testNode(url);
// Demo account 73: this file's alone.
const trader = demoAccount(73);
const uniswap = uniswapAddresses();
const demo = demoContractAddresses();
const FEE = scenarioContractAddresses().FEE;
const contracts = LOCAL_UNISWAP_DEPLOYMENT;
const hubs = [uniswap.WETH9, demo.USDC, demo.USDT, demo.DAI];
const pools = localEdgePools();
const poolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  'function liquidity() view returns (uint128)',
]);

beforeAll(async () => {
  await node.setBalance({ address: trader.address, value: parseEther('100') });
});

function quoted(reading: QuoteReading) {
  if (reading.kind !== 'quoted') throw new Error(`no quote: ${reading.kind}`);
  return reading;
}

const balanceOf = (token: Address, owner: Address) =>
  node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

describe("the local chain's ETH/FEE and ETH/MKR pools", () => {
  it('has ETH/FEE at 1 FEE = 1 USD with full-range liquidity that the pool holds whole', async () => {
    const { ETH_FEE } = pools;
    const [[sqrtPriceX96], liquidity] = await Promise.all([
      node.readContract({ address: ETH_FEE.address, abi: poolAbi, functionName: 'slot0' }),
      node.readContract({ address: ETH_FEE.address, abi: poolAbi, functionName: 'liquidity' }),
    ]);
    expect(sqrtPriceX96).toBe(ETH_FEE.sqrtPriceX96);
    expect(liquidity).toBe(ETH_FEE.liquidity);
    // 50 ETH and its worth in FEE, less the few wei the full range's finite bounds leave out: the
    // grossed-up FEE arrived as owed, 2 % short of what was sent.
    for (const [token, planned] of [
      [ETH_FEE.token0.token, ETH_FEE.amount0],
      [ETH_FEE.token1.token, ETH_FEE.amount1],
    ] as const) {
      const held = await balanceOf(token, ETH_FEE.address);
      expect(held).toBeLessThanOrEqual(planned);
      expect(planned - held).toBeLessThan(1_000n);
    }
  });

  it('quotes ETH → FEE through the new pool, and the swap delivers the quote less FEE’s 2 %', async () => {
    const reader = createQuoteReader(chainClient(localNetwork(url)), contracts);
    const amountIn = parseEther('0.5');
    const block = await node.getBlockNumber();
    const reading = quoted(await reader.read({ tokenIn: NATIVE, tokenOut: FEE, amountIn, hubs, block }));
    const { best } = reading;
    expect(best.route.protocol).toBe('v3');
    expect(best.route.hops).toHaveLength(1);
    expect(best.route.hops[0]).toMatchObject({ protocol: 'v3', fee: 3000, pool: pools.ETH_FEE.address });
    // About 0.5 × 3,250 FEE, less the 0.3 % fee and a little impact.
    expect(best.amountOut).toBeGreaterThan(parseEther('1600'));
    expect(best.amountOut).toBeLessThan(parseEther('1625'));

    const { timestamp } = await node.getBlock();
    const amountOutMin = minimumOut(best.amountOut, 50n);
    const tx = swapTransaction({
      router: contracts.universalRouter,
      quote: best,
      tokenIn: NATIVE,
      tokenOut: FEE,
      amountOutMin,
      deadline: timestamp + 600n,
    });
    const before = await balanceOf(FEE, trader.address);
    const hash = await node.sendTransaction({ account: trader, ...tx });
    expect((await node.waitForTransactionReceipt({ hash })).status).toBe('success');
    const received = (await balanceOf(FEE, trader.address)) - before;
    // The pool sent the quote to the wei; FeeToken kept its cut on the way.
    expect(received).toBe(best.amountOut - (best.amountOut * FEE_TOKEN_BPS) / 10_000n);
    // The router checks what the pool says it sent, not what arrived: the swap passed its minimum
    // though the trader got less.
    expect(received).toBeLessThan(amountOutMin);
  });

  it('reads "no liquidity" for ETH → MKR, whose only pool is empty', async () => {
    const reader = createQuoteReader(chainClient(localNetwork(url)), contracts);
    const block = await node.getBlockNumber();
    const [[sqrtPriceX96], liquidity] = await Promise.all([
      node.readContract({ address: pools.ETH_MKR.address, abi: poolAbi, functionName: 'slot0' }),
      node.readContract({ address: pools.ETH_MKR.address, abi: poolAbi, functionName: 'liquidity' }),
    ]);
    expect(sqrtPriceX96).toBe(pools.ETH_MKR.sqrtPriceX96);
    expect(liquidity).toBe(0n);
    const reading = await reader.read({ tokenIn: NATIVE, tokenOut: demo.MKR, amountIn: parseEther('1'), hubs, block });
    expect(reading.kind).toBe('noLiquidity');
  });

  it('reads "no route" where no pools join the two, though one hop of a way may have a pool', async () => {
    const reader = createQuoteReader(chainClient(localNetwork(url)), contracts);
    const block = await node.getBlockNumber();
    // USDT has no pool at all; WETH/MKR, the way's second hop, does not make a route.
    const usdt = await reader.read({ tokenIn: demo.USDT, tokenOut: demo.MKR, amountIn: 10n ** 6n, hubs, block });
    expect(usdt.kind).toBe('noRoute');
    // ODD has no pool; ETH's pools with USDC and DAI lead nowhere near it.
    const odd = await reader.read({ tokenIn: NATIVE, tokenOut: demo.ODD, amountIn: parseEther('1'), hubs, block });
    expect(odd.kind).toBe('noRoute');
  });
});
