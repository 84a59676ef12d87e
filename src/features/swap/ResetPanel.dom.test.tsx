// A swap from a token whose allowance for Permit2 is left smaller than the amount, but not 0: the
// Swap screen says why it is set to 0 first, and lists the reset and the exact approve in order
// (a plain account); a smart account's permit says its batch resets it before the approve.
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_UNISWAP_DEPLOYMENT } from '@/core/chain/localUniswap';
import { click, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { PermitPanel } from './PermitPanel';
import { ResetPanel } from './ResetPanel';
import type { SwapPlan } from './useSwapReview';

const USDT: Address = '0xC469e7aE4aD962c30c7111dc580B4adbc7E914DD';
const USDC: Address = '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D';
const me: Address = '0x1000000000000000000000000000000000000001';

const plan: SwapPlan = {
  from: {
    id: 'a',
    name: 'Account 1',
    address: me,
    source: { kind: 'watch' },
    hidden: false,
    demo: true,
    createdAt: 0,
  },
  assetIn: {
    key: USDT.toLowerCase(),
    asset: { kind: 'token', address: USDT, symbol: 'USDT', decimals: 6 },
    balance: 500_000000n,
    added: false,
  },
  assetOut: {
    key: USDC.toLowerCase(),
    asset: { kind: 'token', address: USDC, symbol: 'USDC', decimals: 6 },
    balance: 0n,
    added: false,
  },
  tokenIn: USDT,
  tokenOut: USDC,
  quote: {
    route: { protocol: 'v3', hops: [{ protocol: 'v3', tokenIn: USDT, tokenOut: USDC, fee: 100, pool: USDT }] },
    amountIn: 100_000000n,
    amountOut: 99_990000n,
    gas: 120_000n,
    priceImpactBps: 0n,
  },
  quoteBlock: 42n,
  minimumOut: 99_490000n,
  slippageBps: 50n,
  deadline: 1_900_000_000n,
  head: 42n,
};
const stale = { current: 1_500000n };

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

describe('an allowance for Permit2 left from before', () => {
  it('says why a plain account sets it to 0 first, and lists the reset before the exact approve', () => {
    let reviewed = 0;
    shown = renderInWallet(
      wallet,
      <ResetPanel plan={plan} stale={stale} onReview={() => reviewed++} onCancel={() => {}} />,
    );
    expect(shows('First set the allowance left from before to 0')).toBe(true);
    // An amount's words are in the document twice (shown, and in full for a screen reader).
    expect(shows('Permit2 may still take 1.5 USDT')).toBe(true);
    expect(shows('from an earlier approval, less than the 100 USDT')).toBe(true);
    expect(shows('refuse to change an allowance that is not 0 into another')).toBe(true);
    const steps = [...document.querySelectorAll('ol > li')].map((li) => li.textContent);
    expect(steps).toHaveLength(2);
    expect(steps[0]).toBe('Set Permit2’s allowance of USDT to 0.');
    expect(steps[1]).toMatch(/^Approve exactly 100 USDT.* for Permit2\.$/);
    click('Review the reset');
    expect(reviewed).toBe(1);
  });

  it('says a smart account’s batch resets it before the exact approve', () => {
    const permit = (withStale: boolean) =>
      renderInWallet(
        wallet,
        <PermitPanel
          plan={plan}
          deployment={LOCAL_UNISWAP_DEPLOYMENT}
          signing={false}
          withApprove
          {...(withStale ? { stale } : {})}
          onSign={() => {}}
          onCancel={() => {}}
        />,
      );
    shown = permit(false);
    expect(shows('Some tokens, USDT among them')).toBe(false);
    shown.unmount();
    shown = permit(true);
    expect(shows('Permit2 may still take 1.5 USDT')).toBe(true);
    expect(shows('from an earlier approval, less than this amount.')).toBe(true);
    expect(shows('so the batch first sets it to 0, then approves exactly this amount')).toBe(true);
  });
});
