import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from '../chain/networks';
import { listedTokens, portfolioRequestFor } from './catalogue';
import { PRICE_MAX_AGE_SECONDS } from './fiat';
import {
  type PriceInputs,
  parentFeedFor,
  parentPriceKeyFor,
  pickPrice,
  shownPrices,
  wantsParentPrices,
} from './l2Pricing';
import type { FeedAnswer } from './portfolio';
import { PRICE_FEEDS, SEQUENCER_UPTIME_FEEDS } from './priceFeeds';
import type { PortfolioToken } from './token';

const networks = builtInNetworks('http://127.0.0.1:8545');
const net = (id: string) => networks.find((n) => n.id === id) as Network;
const now = 1_800_000_000;
const answer = (updatedAt: number, value = 3_000n * 10n ** 8n): FeedAnswer => ({
  answer: value,
  decimals: 8,
  updatedAt,
  roundId: 1n,
});
const l2Price = answer(now - 60, 3_001n * 10n ** 8n);
const l1Price = answer(now - 120, 3_000n * 10n ** 8n);
const up = { answer: 0n, startedAt: now - 7_200 };

const inputs = (over: Partial<PriceInputs>): PriceInputs => ({
  network: net('optimism'),
  own: l2Price,
  sequencer: up,
  now,
  parent: { price: l1Price, now },
  ...over,
});

describe('pickPrice', () => {
  it('uses the L2 feed while the sequencer has been up past the grace period', () => {
    expect(pickPrice(inputs({}))).toEqual({ price: l2Price, from: 'network' });
  });

  it('falls back to the parent’s feed while the sequencer is down, in grace, or unknown', () => {
    for (const sequencer of [
      { answer: 1n, startedAt: now - 7_200 },
      { answer: 0n, startedAt: now - 600 },
      { answer: 0n, startedAt: 0 },
      undefined,
    ]) {
      expect(pickPrice(inputs({ sequencer }))).toEqual({ price: l1Price, from: 'parent' });
    }
  });

  it('never uses a stale feed: the L2’s falls back, the parent’s is refused too', () => {
    const stale = answer(now - PRICE_MAX_AGE_SECONDS - 1);
    expect(pickPrice(inputs({ own: stale }))).toEqual({ price: l1Price, from: 'parent' });
    expect(pickPrice(inputs({ own: stale, parent: { price: stale, now } }))).toEqual({
      none: { id: 'core.chain:l2Price.stale' },
    });
    expect(
      pickPrice(inputs({ sequencer: { answer: 1n, startedAt: now - 10 }, parent: { price: stale, now } })),
    ).toEqual({ none: { id: 'core.chain:l2Price.sequencerDown' } });
  });

  it('says why there is no price', () => {
    const noParent = { parent: undefined };
    expect(pickPrice(inputs({ ...noParent, sequencer: { answer: 1n, startedAt: now - 10 } }))).toEqual({
      none: { id: 'core.chain:l2Price.sequencerDown' },
    });
    expect(pickPrice(inputs({ ...noParent, sequencer: { answer: 0n, startedAt: now - 10 } }))).toEqual({
      none: { id: 'core.chain:l2Price.sequencerGrace' },
    });
    expect(pickPrice(inputs({ ...noParent, sequencer: undefined }))).toEqual({
      none: { id: 'core.chain:l2Price.sequencerUnknown' },
    });
    expect(pickPrice(inputs({ ...noParent, own: undefined }))).toEqual({ none: { id: 'core.chain:l2Price.noFeed' } });
  });

  it('takes the grace period asked for', () => {
    const sequencer = { answer: 0n, startedAt: now - 600 };
    expect(pickPrice(inputs({ sequencer, graceS: 300 }))).toEqual({ price: l2Price, from: 'network' });
  });

  it('prices an L1 by its own feed, with no sequencer to ask', () => {
    expect(pickPrice(inputs({ network: net('ethereum'), sequencer: undefined, parent: undefined }))).toEqual({
      price: l2Price,
      from: 'network',
    });
    expect(pickPrice(inputs({ network: net('polygon'), own: undefined, sequencer: undefined }))).toEqual({
      none: { id: 'core.chain:l2Price.noFeed' },
    });
  });
});

describe('parentFeedFor', () => {
  const listed = (network: Network, symbol: string): PortfolioToken => ({
    ...(listedTokens(network).find((t) => t.symbol === symbol) as PortfolioToken),
    origin: 'list',
  });
  const feedOf = (chainId: number, pair: string, native = false) =>
    PRICE_FEEDS.find((f) => f.chainId === chainId && f.pair === pair && (f.asset === 'native') === native)?.address;

  it('finds Ethereum’s feed for an L2’s ETH and for the same listed token', () => {
    for (const id of ['optimism', 'base', 'arbitrum']) {
      expect(parentFeedFor(net(id), 'native')).toEqual({ chainId: 1, address: feedOf(1, 'ETH / USD', true) });
      expect(parentFeedFor(net(id), listed(net(id), 'USDC'))).toEqual({ chainId: 1, address: feedOf(1, 'USDC / USD') });
      expect(parentFeedFor(net(id), listed(net(id), 'WETH'))).toEqual({ chainId: 1, address: feedOf(1, 'ETH / USD') });
    }
    expect(parentFeedFor(net('optimism'), listed(net('optimism'), 'USDT'))).toEqual({
      chainId: 1,
      address: feedOf(1, 'USDT / USD'),
    });
  });

  it('finds none on an L1, for a token the lists do not name, or one the parent has no feed for', () => {
    expect(parentFeedFor(net('ethereum'), 'native')).toBeUndefined();
    expect(parentFeedFor(net('polygon'), 'native')).toBeUndefined();
    const usdc = listed(net('optimism'), 'USDC');
    expect(parentFeedFor(net('optimism'), { ...usdc, origin: 'custom' })).toBeUndefined();
    expect(parentFeedFor(net('optimism'), listed(net('optimism'), 'OP'))).toBeUndefined();
  });
});

describe('shownPrices and wantsParentPrices', () => {
  const op = net('optimism');
  const usdc = { ...(listedTokens(op).find((t) => t.symbol === 'USDC') as PortfolioToken), origin: 'list' as const };
  const usdcKey = usdc.address.toLowerCase();
  const dollar = answer(now - 60, 10n ** 8n);
  const snapshotOf = (sequencer: PriceInputs['sequencer']) => ({
    prices: new Map([
      ['native', l2Price],
      [usdcKey, dollar],
    ]),
    sequencer,
    timestamp: now,
  });
  const parent = {
    prices: new Map([
      [parentPriceKeyFor(op, 'native') as string, l1Price],
      [parentPriceKeyFor(op, usdc) as string, dollar],
    ]),
    timestamp: now,
  };
  const down = { answer: 1n, startedAt: now - 7_200 };

  it('prices every asset by pickPrice’s rule, keyed as the snapshot’s prices', () => {
    expect(shownPrices(op, snapshotOf(up), [usdc], parent)).toEqual(
      new Map([
        ['native', { price: l2Price, from: 'network' }],
        [usdcKey, { price: dollar, from: 'network' }],
      ]),
    );
    expect(shownPrices(op, snapshotOf(down), [usdc], parent)).toEqual(
      new Map([
        ['native', { price: l1Price, from: 'parent' }],
        [usdcKey, { price: dollar, from: 'parent' }],
      ]),
    );
    expect(shownPrices(op, snapshotOf(down), [usdc]).get('native')).toEqual({
      none: { id: 'core.chain:l2Price.sequencerDown' },
    });
  });

  it('wants the parent’s prices only where the L2’s own would not price an asset the parent has a feed for', () => {
    expect(wantsParentPrices(op, snapshotOf(up), [usdc])).toBe(false);
    expect(wantsParentPrices(op, snapshotOf(down), [usdc])).toBe(true);
    expect(wantsParentPrices(op, snapshotOf({ answer: 0n, startedAt: now - 600 }), [])).toBe(true);
    const stale = { ...snapshotOf(up), prices: new Map([['native', answer(now - PRICE_MAX_AGE_SECONDS - 1)]]) };
    expect(wantsParentPrices(op, stale, [])).toBe(true);
    // An L1 has no parent to ask; a token the lists do not name has no parent feed.
    expect(wantsParentPrices(net('ethereum'), { prices: new Map(), timestamp: now }, [])).toBe(false);
    const custom = { ...usdc, origin: 'custom' as const };
    expect(wantsParentPrices(op, { ...snapshotOf(up), prices: new Map([['native', l2Price]]) }, [custom])).toBe(false);
  });
});

describe('SEQUENCER_UPTIME_FEEDS', () => {
  it('names each rollup once, with a checksummed address, and has one for each preset with a sequencer', () => {
    const chains = SEQUENCER_UPTIME_FEEDS.map((f) => f.chainId);
    expect(new Set(chains).size).toBe(chains.length);
    for (const id of ['optimism', 'base', 'arbitrum']) expect(chains).toContain(net(id).chainId);
    for (const feed of SEQUENCER_UPTIME_FEEDS) expect(getAddress(feed.address)).toBe(feed.address);
  });

  it('is asked in an L2’s portfolio read, and nothing more in an L1’s', () => {
    const op = SEQUENCER_UPTIME_FEEDS.find((f) => f.chainId === 10)?.address;
    expect(portfolioRequestFor(net('optimism'), [], []).sequencer).toBe(op);
    expect(Object.keys(portfolioRequestFor(net('ethereum'), [], []))).toEqual(['accounts', 'tokens', 'feeds']);
  });
});
