import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import type { Address } from 'viem';
import { nativeSourceFor } from '@/core/activity/activityStore';
import type { ActivityItem } from '@/core/activity/item';
import { priceFeedsFor } from '@/core/assets/catalogue';
import type { FeedAnswer, PortfolioSnapshot } from '@/core/assets/portfolio';
import type { PortfolioToken } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { chartAssets } from '@/core/chart/chartAssets';
import { type ChartRange, chartTimes } from '@/core/chart/chartTimes';
import { DAY_SECONDS, type ValueChartState, valueChartState } from '@/core/chart/valueChart';
import type { ValuePoint } from '@/core/chart/valueHistory';
import type { FeedTimes } from '@/core/prices/roundsAtTimes';
import { accountItemsQuery } from '@/lib/queries/activityQueries';
import { roundsAtTimesQuery } from '@/lib/queries/priceHistoryQueries';
import { useActivityStore, useHistorySync, useSyncedThrough } from '@/lib/stores/activity';
import { useRoundCache } from '@/lib/stores/roundCacheContext';
import { useSession } from '@/lib/stores/session';

export type ValueChart = ValueChartState & {
  /** The history's or the price rounds' failure (the last points may still be shown). */
  error: unknown;
  /** Reads again what failed (the history's sync, its stored items, the price rounds). */
  retry: () => void;
  /** Tokens held without a price feed (left out). */
  withoutFeed: PortfolioToken[];
  /** False where native coins received cannot be followed back (no explorer): their balance is held. */
  nativeHistory: boolean;
  /** HTTP requests the price rounds took for this chart (0 when all were known). */
  roundRequests: number | undefined;
  /** Points whose price search ran out of steps (priced with the last round found before them). */
  unanswered: number;
};

/**
 * The value of the visible accounts over a range, computed on this device: balances followed
 * back from the snapshot's block through each account's synced history, priced with the
 * Chainlink round in force at each point, read through the person's own node.
 */
export function useValueChart(
  network: Network,
  accounts: readonly Address[],
  /** The portfolio's tokens (usePortfolio): the chart follows those it counts. */
  tokens: readonly PortfolioToken[],
  snapshot: PortfolioSnapshot | undefined,
  range: ChartRange,
): ValueChart {
  const store = useActivityStore();
  const cache = useRoundCache();
  const explorer = useSession((s) => s.explorers[network.id]);
  const nativeHistory = nativeSourceFor(network, explorer !== undefined) !== 'none';
  const priceFeeds = useMemo(() => priceFeedsFor(network), [network]);
  const charted = useMemo(
    () => (snapshot ? chartAssets(snapshot, network, accounts, tokens, nativeHistory) : undefined),
    [snapshot, network, accounts, tokens, nativeHistory],
  );

  const items = useQueries({
    queries: accounts.map((account) => accountItemsQuery(store, network, account)),
    combine: (results) => ({
      items: results.every((r) => r.data) ? results.flatMap((r) => r.data as ActivityItem[]) : undefined,
      error: results.find((r) => r.error)?.error,
      refetchFailed: () => {
        for (const r of results) if (r.isError) void r.refetch();
      },
    }),
  });
  const synced = useSyncedThrough(network.id, accounts);
  const historySync = useHistorySync();
  // The history counts once every account is synced up to the balances' block with its block times.
  const history =
    snapshot !== undefined &&
    synced.syncedTo !== undefined &&
    synced.syncedTo >= snapshot.blockNumber &&
    items.items?.every((i) => i.timestamp !== undefined || i.blockNumber > snapshot.blockNumber)
      ? items.items
      : undefined;

  const earliest = useMemo(() => {
    let first: number | undefined;
    for (const item of items.items ?? [])
      if (item.timestamp !== undefined && (first === undefined || item.timestamp < first)) first = item.timestamp;
    return first;
  }, [items.items]);
  const now = snapshot?.timestamp;
  const times = useMemo(() => (now === undefined ? [] : chartTimes(range, now, earliest)), [range, now, earliest]);

  const feeds = useMemo(
    () => (charted ? feedRequests(priceFeeds, charted.prices, [...times, (now ?? 0) - DAY_SECONDS]) : []),
    [priceFeeds, charted, times, now],
  );
  const rounds = useQuery({ ...roundsAtTimesQuery(network, feeds, cache), enabled: feeds.length > 0 });
  const feedOf = useMemo(() => new Map(priceFeeds.map((f) => [f.key, f.address.toLowerCase()])), [priceFeeds]);

  const state = useMemo(
    () =>
      valueChartState({
        charted,
        feedOf,
        rounds: rounds.data?.rounds,
        times,
        now,
        asOfBlock: snapshot?.blockNumber ?? 0n,
        history,
      }),
    [charted, feedOf, rounds.data, times, now, snapshot, history],
  );

  // At a new block the balances, the history and the prices are read again: the last points of
  // this same chart (and the last 24-hour change) stay on screen meanwhile, not a skeleton.
  const chartKey = [network.id, range, accounts.join(','), tokens.map((t) => t.address).join(','), nativeHistory].join(
    '|',
  );
  const lastShown = useRef<{ key: string; points?: ValuePoint[]; change24h?: ValueChartState['change24h'] }>({
    key: '',
  });
  if (lastShown.current.key !== chartKey) lastShown.current = { key: chartKey };
  if (state.points) lastShown.current.points = state.points;
  if (state.change24h) lastShown.current.change24h = state.change24h;
  const { refetchFailed } = items;
  const refetchRounds = rounds.refetch;
  const failedSync = synced.error !== undefined;
  const retry = useCallback(() => {
    if (failedSync) for (const account of accounts) void historySync.request(network, account);
    refetchFailed();
    if (rounds.isError) void refetchRounds();
  }, [failedSync, accounts, historySync, network, refetchFailed, rounds.isError, refetchRounds]);

  return {
    ...state,
    retry,
    points: state.points ?? lastShown.current.points,
    change24h: state.change24h ?? lastShown.current.change24h,
    withoutFeed: charted?.withoutFeed ?? [],
    nativeHistory,
    roundRequests: rounds.data?.requests,
    unanswered: rounds.data?.unanswered ?? 0,
    error: synced.error ?? items.error ?? rounds.error ?? undefined,
  };
}

/** One request per distinct feed (a native coin and its wrapped token share one), all at the same times. */
function feedRequests(
  feeds: readonly { key: string; address: Address }[],
  prices: Map<string, FeedAnswer>,
  times: readonly number[],
): FeedTimes[] {
  const byFeed = new Map<string, FeedTimes>();
  for (const { key, address } of feeds) {
    const latest = prices.get(key);
    if (!latest || byFeed.has(address.toLowerCase())) continue;
    byFeed.set(address.toLowerCase(), {
      feed: address,
      latest: { id: latest.roundId, answer: latest.answer, updatedAt: latest.updatedAt },
      times,
    });
  }
  return [...byFeed.values()];
}
