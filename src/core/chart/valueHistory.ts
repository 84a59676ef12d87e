import type { ActivityItem } from '../activity/item';
import { usdValue } from '../assets/fiat';
import type { FeedAnswer } from '../assets/portfolio';
import { sameAddress } from '../keys/sameAddress';

/**
 * One asset the chart values: its key ('native' or a lower-case token address), its decimals and
 * each account's balance now. `reconstruct` is false when the asset's history is incomplete (native
 * coins received leave no log: without a block scan or an explorer they cannot be followed back),
 * and the chart then holds today's balance.
 */
export type ChartAsset = {
  key: string;
  decimals: number;
  balances: ReadonlyMap<string, bigint>;
  reconstruct: boolean;
};

export type ValuePoint = {
  /** Unix seconds. */
  time: number;
  /** US dollars with 18 decimals. */
  value: bigint;
  /** Assets held then that had no price yet (their value is left out of this point). */
  unpriced: number;
};

/** The balance change an item made to `key` for its account (a fee is paid even when the call failed). */
export function balanceChange(item: ActivityItem, key: string): bigint {
  const sign = item.direction === 'in' ? 1n : item.direction === 'out' ? -1n : 0n;
  if (key === 'native') {
    if (item.asset.kind !== 'native') return 0n;
    return (item.failed ? 0n : sign * item.amount) - (item.fee ?? 0n);
  }
  return item.asset.kind === 'erc20' && sameAddress(item.asset.address, key) ? sign * item.amount : 0n;
}

/**
 * Each account's balance of one asset at each time (ascending), followed backwards from its
 * balance at `asOfBlock` through the synced history: a balance at time t includes every item of
 * a block with timestamp ≤ t. Items after `asOfBlock` or without a time are not applied. A
 * balance that would go below zero (history incomplete) is shown as zero.
 */
export function balancesAt(
  times: readonly number[],
  account: string,
  now: bigint,
  key: string,
  items: readonly ActivityItem[],
  asOfBlock: bigint,
): bigint[] {
  const changes = items
    .filter((i) => sameAddress(i.account, account) && i.blockNumber <= asOfBlock && i.timestamp !== undefined)
    .map((i) => ({ time: i.timestamp as number, change: balanceChange(i, key) }))
    .filter((c) => c.change !== 0n)
    .sort((a, b) => b.time - a.time);
  const out = new Array<bigint>(times.length);
  let balance = now;
  let next = 0;
  for (let t = times.length - 1; t >= 0; t--) {
    const time = times[t] as number;
    while (next < changes.length && (changes[next] as { time: number }).time > time) {
      balance -= (changes[next] as { change: bigint }).change;
      next++;
    }
    out[t] = balance > 0n ? balance : 0n;
  }
  return out;
}

/**
 * The value of the assets at each time: every account's balance then, priced with the feed's
 * answer in force then, valued per account and asset (rounded down, as the portfolio's total is)
 * and summed.
 */
export function valueHistory(args: {
  times: readonly number[];
  asOfBlock: bigint;
  assets: readonly ChartAsset[];
  items: readonly ActivityItem[];
  priceAt: (key: string, time: number) => FeedAnswer | undefined;
}): ValuePoint[] {
  const points = args.times.map((time): ValuePoint => ({ time, value: 0n, unpriced: 0 }));
  for (const asset of args.assets) {
    const unpricedAt = new Set<number>();
    for (const [account, now] of asset.balances) {
      const balances = asset.reconstruct
        ? balancesAt(args.times, account, now, asset.key, args.items, args.asOfBlock)
        : args.times.map(() => now);
      balances.forEach((balance, i) => {
        if (balance === 0n) return;
        const point = points[i] as ValuePoint;
        const price = args.priceAt(asset.key, point.time);
        if (price) point.value += usdValue(balance, asset.decimals, price);
        else unpricedAt.add(i);
      });
    }
    for (const i of unpricedAt) (points[i] as ValuePoint).unpriced++;
  }
  return points;
}

/**
 * How today's holdings moved in value since `then`: each balance now × (price now − price then),
 * so money moved in or out does not count as a gain or a loss. `before` is their value then.
 */
export function changeSince(
  assets: readonly ChartAsset[],
  priceNow: (key: string) => FeedAnswer | undefined,
  priceThen: (key: string) => FeedAnswer | undefined,
): { change: bigint; before: bigint } | undefined {
  let now = 0n;
  let before = 0n;
  let priced = false;
  for (const asset of assets) {
    const [current, earlier] = [priceNow(asset.key), priceThen(asset.key)];
    if (!current || !earlier) continue;
    priced = true;
    for (const balance of asset.balances.values()) {
      now += usdValue(balance, asset.decimals, current);
      before += usdValue(balance, asset.decimals, earlier);
    }
  }
  return priced ? { change: now - before, before } : undefined;
}
