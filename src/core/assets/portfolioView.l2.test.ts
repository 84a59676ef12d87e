// Valuing an L2's rows by the sequencer rule (l2Pricing.ts), on the local OP chain's bundled list
// and feeds, whose parent is the local chain; an L1's rows are valued as before.
import { describe, expect, it } from 'vitest';
import { alice, bob } from '@/testing/portfolioFixtures';
import { localNetwork, localOpNetwork } from '../chain/networks';
import { msg } from '../i18n/message';
import { listedTokens, priceFeedsFor } from './catalogue';
import { PRICE_MAX_AGE_SECONDS } from './fiat';
import { assetPrice, parentPriceKeyFor } from './l2Pricing';
import type { FeedAnswer, PortfolioSnapshot } from './portfolio';
import { buildPortfolioView, combineAccounts } from './portfolioView';
import type { PortfolioToken } from './token';

const ETH = 10n ** 18n;
const now = 1_800_000_000;
const op = localOpNetwork(['http://op.test']);
const l1 = localNetwork('http://l1.test');
const listed = (network: typeof op, symbol: string): PortfolioToken => ({
  ...(listedTokens(network).find((t) => t.symbol === symbol) as PortfolioToken),
  origin: 'list',
});
const usdc = listed(op, 'USDC');
const l1Usdc = listed(l1, 'USDC');
const added: PortfolioToken = { ...usdc, address: '0x00000000000000000000000000000000000000c5', origin: 'custom' };
const answer = (dollars: bigint, updatedAt = now - 60): FeedAnswer => ({
  answer: dollars * 10n ** 8n,
  decimals: 8,
  updatedAt,
  roundId: 1n,
});

/** The OP chain's figures: alice holds 2 ETH and 100 USDC; its feeds say $3,001 and $1. */
const l2 = (sequencer: PortfolioSnapshot['sequencer'], over: Partial<PortfolioSnapshot> = {}): PortfolioSnapshot => ({
  blockNumber: 50n,
  timestamp: now,
  via: 'multicall',
  native: new Map([[alice.toLowerCase(), 2n * ETH]]),
  tokens: new Map([
    [
      alice.toLowerCase(),
      new Map([
        [usdc.address.toLowerCase(), 100n * 10n ** 6n],
        [added.address.toLowerCase(), 7n],
      ]),
    ],
  ]),
  prices: new Map([
    ['native', answer(3_001n)],
    [usdc.address.toLowerCase(), answer(1n)],
  ]),
  sequencer,
  ...over,
});
/** The parent (the local chain): ETH at $3,000, USDC at $1. */
const parent = (updatedAt = now - 120): PortfolioSnapshot => ({
  blockNumber: 900n,
  timestamp: now,
  via: 'multicall',
  native: new Map(),
  tokens: new Map(),
  prices: new Map([
    ['native', answer(3_000n, updatedAt)],
    [l1Usdc.address.toLowerCase(), answer(1n, updatedAt)],
  ]),
});
const up = { answer: 0n, startedAt: now - 7_200 };
const down = { answer: 1n, startedAt: now - 600 };
const grace = { answer: 0n, startedAt: now - 600 };
const view = (snapshot: PortfolioSnapshot, parentSnapshot?: PortfolioSnapshot) =>
  buildPortfolioView(snapshot, op, [alice], [usdc, added], { hideZero: false, parent: parentSnapshot });
const cells = (v: ReturnType<typeof view>) =>
  v.accounts[0]?.rows.map((r) => [r.symbol, r.value, r.priceFrom, r.noPrice?.id]);

describe('an L2’s rows, by its sequencer', () => {
  it('are valued at its own feeds while the sequencer has been up past the grace period', () => {
    const v = view(l2(up), parent());
    expect(cells(v)).toEqual([
      ['ETH', 6_002n * ETH, 'network', undefined],
      ['USDC', 100n * ETH, 'network', undefined],
      ['USDC', undefined, undefined, undefined],
    ]);
    expect(v.total).toBe(6_102n * ETH);
  });

  it('are valued at the parent network’s feeds of the same asset while it is down or in grace', () => {
    for (const sequencer of [down, grace, undefined]) {
      const v = view(l2(sequencer), parent());
      expect(cells(v)).toEqual([
        ['ETH', 6_000n * ETH, 'parent', undefined],
        ['USDC', 100n * ETH, 'parent', undefined],
        ['USDC', undefined, undefined, undefined],
      ]);
      expect(v.total).toBe(6_100n * ETH);
    }
  });

  it('show no value, saying why, when the parent’s figures are not at hand', () => {
    const reasons = (sequencer: PortfolioSnapshot['sequencer']) => cells(view(l2(sequencer)))?.map((c) => c[3]);
    expect(reasons(down)).toEqual(['core.chain:l2Price.sequencerDown', 'core.chain:l2Price.sequencerDown', undefined]);
    expect(reasons(grace)).toEqual([
      'core.chain:l2Price.sequencerGrace',
      'core.chain:l2Price.sequencerGrace',
      undefined,
    ]);
    expect(reasons(undefined)?.[0]).toBe('core.chain:l2Price.sequencerUnknown');
    const v = view(l2(down));
    expect(v.total).toBe(0n);
    expect(v.accounts[0]?.hasPrices).toBe(false);
  });

  it('never take a stale feed: the parent’s is refused, and a stale L2 feed falls back or says so', () => {
    const staleParent = parent(now - PRICE_MAX_AGE_SECONDS - 1);
    expect(cells(view(l2(down), staleParent))?.[0]).toEqual([
      'ETH',
      undefined,
      undefined,
      'core.chain:l2Price.sequencerDown',
    ]);
    const staleOwn = l2(up, { prices: new Map([['native', answer(3_001n, now - PRICE_MAX_AGE_SECONDS - 1)]]) });
    expect(cells(view(staleOwn, parent()))?.[0]).toEqual(['ETH', 6_000n * ETH, 'parent', undefined]);
    expect(cells(view(staleOwn, staleParent))?.[0]).toEqual(['ETH', undefined, undefined, 'core.chain:l2Price.stale']);
  });

  it('keep the reason when accounts are combined', () => {
    const both = l2(down, {
      native: new Map([
        [alice.toLowerCase(), ETH],
        [bob.toLowerCase(), ETH],
      ]),
    });
    const v = buildPortfolioView(both, op, [alice, bob], [], { hideZero: false });
    expect(combineAccounts(v, false).rows[0]).toMatchObject({
      balance: 2n * ETH,
      value: undefined,
      noPrice: msg('core.chain:l2Price.sequencerDown'),
    });
  });
});

describe('an L1’s rows', () => {
  it('are valued at its own feeds as read, stale ones flagged, with no sequencer asked', () => {
    const stale = answer(3_000n, now - PRICE_MAX_AGE_SECONDS - 1);
    const snapshot = { ...l2(undefined), prices: new Map([['native', stale]]) };
    const v = buildPortfolioView(snapshot, l1, [alice], [], { hideZero: false, parent: parent() });
    expect(v.accounts[0]?.rows[0]).toMatchObject({ value: 6_000n * ETH, priceStale: true, priceFrom: 'network' });
    expect(v.accounts[0]?.rows[0]?.noPrice).toBeUndefined();
    expect(assetPrice(l1, l1Usdc, snapshot)).toBeUndefined();
  });
});

describe('parentPriceKeyFor', () => {
  it('names the parent snapshot’s key of the same asset, on the local chains too', () => {
    expect(parentPriceKeyFor(op, 'native')).toBe('native');
    expect(parentPriceKeyFor(op, usdc)).toBe(l1Usdc.address.toLowerCase());
    expect(priceFeedsFor(l1).map((f) => f.key)).toContain(parentPriceKeyFor(op, usdc));
    expect(parentPriceKeyFor(op, added)).toBeUndefined();
    expect(parentPriceKeyFor(l1, 'native')).toBeUndefined();
  });
});
