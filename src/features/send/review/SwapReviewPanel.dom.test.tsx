// A swap's lines on Send's review: a simulation above the quote by more than the slippage is no good
// news but a warning that the quote was low, with the way to a new quote; what it received is told
// back to Swap for the next minimum.
import { MemoryRouter } from 'react-router';
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE } from '@/core/swap/pools';
import type { SwapFacts, SwapSimulationCheck } from '@/core/swap/swapReview';
import { useLastSwapSimulation } from '@/lib/send/swapSimulations';
import { alerts, statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { SwapReviewPanel } from './SwapReviewPanel';

const from: Address = '0x1000000000000000000000000000000000000001';
const USDC: Address = '0x2000000000000000000000000000000000000002';
const facts: SwapFacts = {
  from,
  router: '0x3000000000000000000000000000000000000003',
  value: 10n ** 18n,
  data: '0x3593564c',
  tokenIn: NATIVE,
  symbolIn: 'ETH',
  decimalsIn: 18,
  amountIn: 10n ** 18n,
  tokenOut: USDC,
  symbolOut: 'USDC',
  decimalsOut: 6,
  quotedOut: 2_900_000_000n,
  minimumOut: 2_885_500_000n,
  quoteBlock: 7n,
  slippageBps: 50n,
};

let wallet: TestWallet;
let shown: { unmount(): void } | undefined;
let noted: ReturnType<typeof useLastSwapSimulation>;
beforeAll(async () => {
  wallet = await createTestWallet();
});
afterAll(() => wallet.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function Noted() {
  noted = useLastSwapSimulation();
  return null;
}

const show = (check: SwapSimulationCheck) => {
  shown = renderInWallet(
    wallet,
    <MemoryRouter>
      <SwapReviewPanel facts={facts} check={check} simulatedAt={8n} />
      <Noted />
    </MemoryRouter>,
  );
};

describe('a swap on Send’s review', () => {
  it('warns that the quote was low when the simulation gives more than it beyond the slippage', () => {
    show({ kind: 'quoteLow', received: 3_222_222_222n });
    expect(alerts()).toContain('The quote was low: the simulation gives');
    expect(alerts()).toContain('3,222.222222 USDC');
    expect(alerts()).toContain('the minimum protects less than it should');
    expect(alerts()).toContain('get a new quote');
    expect(statuses()).not.toContain('more than the quote');
    // Told back to Swap, whose next minimum comes from the lower of a new quote and this.
    expect(noted).toMatchObject({ from, tokenOut: USDC, amountIn: 10n ** 18n, received: 3_222_222_222n, block: 8n });
  });

  it('says a little more than the quote, within the slippage, is good news', () => {
    show({ kind: 'more', received: 2_910_000_000n });
    expect(statuses()).toContain('more than the quote');
    expect(alerts()).toBe('');
  });
});
