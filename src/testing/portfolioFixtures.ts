// A small portfolio for unit tests: two accounts, a priced and an unpriced token, spam and an
// empty custom token, as a snapshot would hold them; and Ether as a row of Home's list.
import type { PortfolioSnapshot } from '@/core/assets/portfolio';
import type { AssetRow } from '@/core/assets/portfolioView';
import type { PortfolioToken } from '@/core/assets/token';

export const alice = '0x00000000000000000000000000000000000A11cE' as const;
export const dai: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000d1',
  name: 'Dai',
  symbol: 'DAI',
  decimals: 18,
  origin: 'list',
};
export const mkr: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000a2',
  name: 'Maker',
  symbol: 'MKR',
  decimals: 18,
  origin: 'list',
};
export const spam: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000f3',
  name: 'Claim at x.example',
  symbol: 'CLAIM',
  decimals: 18,
  origin: 'unsolicited',
};
export const empty: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000e4',
  name: 'Empty',
  symbol: 'EMP',
  decimals: 6,
  origin: 'custom',
};

export const bob = '0x0000000000000000000000000000000000000B0b' as const;

export const snapshot: PortfolioSnapshot = {
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

/** Ether as a row of Home's list: `balance` (undefined: not read) and dollar `value` (undefined: no price). */
export const etherRow = (balance: bigint | undefined, value?: bigint): AssetRow => ({
  key: 'native',
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  balance,
  token: undefined,
  value,
  priceStale: false,
});
