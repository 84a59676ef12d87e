import type { ActivityItem } from '../activity/item';
import type { FeedAnswer } from '../assets/portfolio';
import type { Round } from '../prices/rounds';
import type { ChartAssets } from './chartAssets';
import { changeSince, type ValuePoint, valueHistory } from './valueHistory';

export const DAY_SECONDS = 86_400;

/** What the chart shows, or what it is waiting for. */
export type ValueChartState = {
  points: ValuePoint[] | undefined;
  /** Today's holdings: value now minus their value at the prices of 24 hours ago. */
  change24h: { change: bigint; before: bigint } | undefined;
  waitingFor: 'balances' | 'history' | 'prices' | undefined;
  /** No asset held here has a price feed: there is nothing to chart. */
  noPrices: boolean;
};

/**
 * The chart from what has been read so far: the assets and their latest prices (the portfolio's
 * snapshot), the round in force at each time per feed, the synced history. Points need all three;
 * the 24-hour change needs only the rounds.
 */
export function valueChartState(args: {
  charted: ChartAssets | undefined;
  /** Per asset key, its feed's address (lower-case). */
  feedOf: ReadonlyMap<string, string>;
  rounds: ReadonlyMap<string, ReadonlyMap<number, Round | undefined>> | undefined;
  times: readonly number[];
  now: number | undefined;
  asOfBlock: bigint;
  /** Every visible account's items, once stored and synced up to the snapshot's block. */
  history: readonly ActivityItem[] | undefined;
}): ValueChartState {
  const { charted, now, rounds } = args;
  const waiting = (waitingFor: ValueChartState['waitingFor'], change24h?: ValueChartState['change24h']) => ({
    points: undefined,
    change24h,
    waitingFor,
    noPrices: false,
  });
  if (!charted || now === undefined) return waiting('balances');
  if (charted.assets.length === 0)
    return { points: undefined, change24h: undefined, waitingFor: undefined, noPrices: true };
  if (!rounds) return waiting('prices');
  const priceAt = (key: string, time: number): FeedAnswer | undefined => {
    const latest = charted.prices.get(key);
    const round = rounds.get(args.feedOf.get(key) ?? '')?.get(time);
    return latest && round
      ? { answer: round.answer, decimals: latest.decimals, updatedAt: round.updatedAt, roundId: round.id }
      : undefined;
  };
  const change24h = changeSince(
    charted.assets,
    (key) => charted.prices.get(key),
    (key) => priceAt(key, now - DAY_SECONDS),
  );
  if (!args.history) return waiting('history', change24h);
  const points = valueHistory({
    times: args.times,
    asOfBlock: args.asOfBlock,
    assets: charted.assets,
    items: args.history,
    priceAt,
  });
  return { points, change24h, waitingFor: undefined, noPrices: false };
}
