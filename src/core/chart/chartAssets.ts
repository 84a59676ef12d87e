import type { Address } from 'viem';
import type { FeedAnswer, PortfolioSnapshot } from '../assets/portfolio';
import type { PortfolioToken } from '../assets/token';
import type { Network } from '../chain/networks';
import type { ChartAsset } from './valueHistory';

export type ChartAssets = {
  /** Assets with a price now, each with every account's balance at the snapshot's block. */
  assets: ChartAsset[];
  /** Latest answer of each asset's feed (keyed like the assets), what the search starts from. */
  prices: Map<string, FeedAnswer>;
  /** Tokens held without a price feed: not in the total, not in the chart. */
  withoutFeed: PortfolioToken[];
};

/**
 * What the value chart follows: the native coin and the tokens the portfolio counts (listed or
 * added, not hidden, not unsolicited) that have a price now, including those no account holds
 * any more (they may have been held before). `nativeHistory` is false when native value received
 * cannot be known (no block scan, no explorer): the native balance is then held as it is today.
 */
export function chartAssets(
  snapshot: PortfolioSnapshot,
  network: Network,
  accounts: readonly Address[],
  tokens: readonly PortfolioToken[],
  nativeHistory: boolean,
): ChartAssets {
  const assets: ChartAsset[] = [];
  const prices = new Map<string, FeedAnswer>();
  const withoutFeed: PortfolioToken[] = [];
  const balancesOf = (read: (account: string) => bigint | undefined) => {
    const balances = new Map<string, bigint>();
    for (const address of accounts) {
      const account = address.toLowerCase();
      const balance = read(account);
      if (balance !== undefined) balances.set(account, balance);
    }
    return balances;
  };
  const native = snapshot.prices.get('native');
  if (native) {
    prices.set('native', native);
    assets.push({
      key: 'native',
      decimals: network.nativeCurrency.decimals,
      balances: balancesOf((a) => snapshot.native.get(a)),
      reconstruct: nativeHistory,
    });
  }
  for (const token of tokens) {
    if (token.origin === 'unsolicited') continue;
    const key = token.address.toLowerCase();
    const balances = balancesOf((a) => snapshot.tokens.get(a)?.get(key));
    const price = snapshot.prices.get(key);
    if (!price) {
      if ([...balances.values()].some((b) => b > 0n)) withoutFeed.push(token);
      continue;
    }
    prices.set(key, price);
    assets.push({ key, decimals: token.decimals, balances, reconstruct: true });
  }
  return { assets, prices, withoutFeed };
}
