// The quote as the Swap screen shows it: no route, pools too shallow, a price impact that blocks,
// and an ordinary quote with its route named as the person chose the assets.
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeValue, msg } from '@/core/i18n/message';
import type { QuoteProof } from '@/core/swap/checkedQuote';
import type { QuoteReading } from '@/core/swap/readQuote';
import type { SwapQuote } from '@/core/swap/routeChoice';
import { alerts, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { QuotePanel, routeSymbols } from './QuotePanel';

const WETH: Address = '0xDc2938e3d4CF251D2c24a1A556bA71a78530dEf1';
const USDC: Address = '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D';
const DAI: Address = '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f';
const symbolOf = routeSymbols([{ address: DAI, symbol: 'DAI' }], WETH, 'ETH');

const quote = (priceImpactBps: bigint): SwapQuote => ({
  route: {
    protocol: 'v3',
    hops: [
      { protocol: 'v3', tokenIn: WETH, tokenOut: DAI, fee: 500, pool: WETH },
      { protocol: 'v3', tokenIn: DAI, tokenOut: USDC, fee: 100, pool: DAI },
    ],
  },
  amountIn: 10n ** 18n,
  amountOut: 3_000_000_000n,
  gas: 200_000n,
  priceImpactBps,
});

let wallet: TestWallet;
let shown: { unmount(): void } | undefined;
beforeAll(async () => {
  wallet = await createTestWallet();
});
afterAll(() => wallet.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function show(reading: QuoteReading, proof?: QuoteProof) {
  shown = renderInWallet(
    wallet,
    <QuotePanel
      reading={reading}
      proof={proof}
      symbolIn="ETH"
      symbolOut="USDC"
      decimalsOut={6}
      leastOut={2_985_000_000n}
      slippageBps={50n}
      symbolOf={symbolOf}
    />,
  );
}

describe('the quote panel', () => {
  it('says when no pool joins the two, and when the pools are too shallow', () => {
    show({ kind: 'noRoute', block: 7n });
    expect(alerts()).toContain('No Uniswap pool joins ETH and USDC');
    shown?.unmount();
    show({ kind: 'noLiquidity', block: 7n });
    expect(alerts()).toContain('hold too little to swap this amount');
  });

  it('shows the route as chosen, the minimum, the impact and the block, with nothing to warn of', () => {
    show({ kind: 'quoted', block: 42n, best: quote(30n), others: [] });
    expect(shows('Uniswap v3: ETH → DAI (0.05 % pool) → USDC (0.01 % pool)')).toBe(true);
    expect(shows('with 0.5 % slippage')).toBe(true);
    expect(shows('block 42')).toBe(true);
    expect(alerts()).toBe('');
  });

  it('says a quote is proven at its block, or why not', () => {
    show({ kind: 'quoted', block: 42n, best: quote(30n), others: [] }, { state: 'verified', block: 42n });
    expect(shows('Proven at block 42')).toBe(true);
    shown?.unmount();
    const reason = msg('core.chain:verify.oneSource');
    show({ kind: 'quoted', block: 42n, best: quote(30n), others: [] }, { state: 'unproven', reason });
    expect(shows('Not proven:')).toBe(true);
    expect(shows('3,000')).toBe(true);
  });

  it('shows nothing of a quote the proofs contradict, only why', () => {
    const problem = msg('core.chain:verify.quoteDiffers', { source: codeValue('http://liar.test'), block: '42' });
    show({ kind: 'quoted', block: 42n, best: quote(30n), others: [] }, { state: 'contradicted', block: 42n, problem });
    expect(alerts()).toContain('http://liar.test answers the swap quote’s calls at block 42 otherwise');
    expect(shows('3,000')).toBe(false);
    expect(shows('You receive')).toBe(false);
  });

  it('blocks a swap that moves the price by more than 5 %', () => {
    show({ kind: 'quoted', block: 42n, best: quote(501n), others: [] });
    expect(alerts()).toContain('moves the price by 5.01 %, above 5 %');
  });
});
