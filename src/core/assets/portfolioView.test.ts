import { describe, expect, it } from 'vitest';
import { localNetwork } from '../chain/networks';
import type { PortfolioSnapshot } from './portfolio';
import { buildPortfolioView } from './portfolioView';
import type { PortfolioToken } from './token';

const alice = '0x00000000000000000000000000000000000A11cE' as const;
const dai: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000d1',
  name: 'Dai',
  symbol: 'DAI',
  decimals: 18,
  origin: 'list',
};
const mkr: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000a2',
  name: 'Maker',
  symbol: 'MKR',
  decimals: 18,
  origin: 'list',
};
const spam: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000f3',
  name: 'Claim at x.example',
  symbol: 'CLAIM',
  decimals: 18,
  origin: 'unsolicited',
};
const empty: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000e4',
  name: 'Empty',
  symbol: 'EMP',
  decimals: 6,
  origin: 'custom',
};

const snapshot: PortfolioSnapshot = {
  blockNumber: 10n,
  timestamp: 1_000_000,
  via: 'multicall',
  native: new Map([[alice.toLowerCase(), 2n * 10n ** 18n]]),
  tokens: new Map([
    [
      alice.toLowerCase(),
      new Map([
        [dai.address.toLowerCase(), 5n * 10n ** 18n],
        [mkr.address.toLowerCase(), 10n ** 18n],
        [spam.address.toLowerCase(), 10n ** 30n],
        [empty.address.toLowerCase(), 0n],
      ]),
    ],
  ]),
  prices: new Map([
    ['native', { answer: 300_000_000_000n, decimals: 8, updatedAt: 1_000_000, roundId: 1n }],
    [dai.address.toLowerCase(), { answer: 100_000_000n, decimals: 8, updatedAt: 1_000_000, roundId: 1n }],
    [spam.address.toLowerCase(), { answer: 100_000_000n, decimals: 8, updatedAt: 1_000_000, roundId: 1n }],
  ]),
};

describe('portfolio view', () => {
  const network = localNetwork('http://x');
  it('values priced assets, leaves unpriced ones without a value, and keeps spam out of totals', () => {
    const view = buildPortfolioView(snapshot, network, [alice], [dai, mkr, spam, empty], { hideZero: false });
    const account = view.accounts[0];
    expect(account?.rows.map((r) => [r.symbol, r.balance, r.value])).toEqual([
      ['ETH', 2n * 10n ** 18n, 6_000n * 10n ** 18n],
      ['DAI', 5n * 10n ** 18n, 5n * 10n ** 18n],
      ['MKR', 10n ** 18n, undefined],
      ['EMP', 0n, undefined],
    ]);
    expect(account?.spam.map((r) => [r.symbol, r.value])).toEqual([['CLAIM', undefined]]);
    expect(account?.total).toBe(6_005n * 10n ** 18n);
    expect(view.total).toBe(6_005n * 10n ** 18n);
  });

  it('hides empty token balances on request, never the native coin', () => {
    const zero = { ...snapshot, native: new Map([[alice.toLowerCase(), 0n]]) };
    const view = buildPortfolioView(zero, network, [alice], [dai, empty], { hideZero: true });
    expect(view.accounts[0]?.rows.map((r) => r.symbol)).toEqual(['ETH', 'DAI']);
  });
});
