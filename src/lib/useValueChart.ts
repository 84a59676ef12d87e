import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Address } from 'viem';
import { nativeSourceFor } from '@/core/activity/activityStore';
import type { ActivityItem } from '@/core/activity/item';
import { portfolioTokens, priceFeedsFor } from '@/core/assets/catalogue';
import { chartAssets } from '@/core/assets/chartAssets';
import { type ChartRange, chartTimes } from '@/core/assets/chartTimes';
import type { FeedAnswer, PortfolioSnapshot } from '@/core/assets/portfolio';
import type { PortfolioToken, TokenInfo } from '@/core/assets/token';
import { changeSince, type ValuePoint, valueHistory } from '@/core/assets/valueHistory';
import type { Network } from '@/core/chain/networks';
import type { FeedTimes } from '@/core/prices/roundsAtTimes';
import { syncRequests, useActivityStore, useSyncedThrough } from '@/lib/activity';
import { accountItemsQuery } from '@/lib/queries/activityQueries';
import { roundsAtTimesQuery } from '@/lib/queries/priceHistoryQueries';
import { useRoundCache } from '@/lib/roundCache';
import { useSession } from '@/lib/session';

const DAY = 86_400;
const EMPTY: never[] = [];

export type ValueChart = {
  points: ValuePoint[] | undefined;
  /** Today's holdings: value now minus value at the prices of 24 hours ago. */
  change24h: { change: bigint; before: bigint } | undefined;
  /** What the chart waits for, while it has no points. */
  waitingFor: 'balances' | 'history' | 'prices' | undefined;
  /** The history's or the price rounds' failure. */
  error: unknown;
  /** Reads again what failed (the history's sync, its stored items, the price rounds). */
  retry: () => void;
  /** Tokens held without a price feed (left out). */
  withoutFeed: PortfolioToken[];
  /** False where native coins received cannot be followed back (no explorer): their balance is held. */
  nativeHistory: boolean;
  /** HTTP requests the price rounds took for this chart (0 when all were known). */
  roundRequests: number | undefined;
};

/**
 * The value of the visible accounts over a range, computed on this device: balances followed
 * back from the snapshot's block through each account's synced history, priced with the
 * Chainlink round in force at each point, read through the person's own node.
 */
export function useValueChart(
  network: Network,
  accounts: readonly Address[],
  snapshot: PortfolioSnapshot | undefined,
  range: ChartRange,
): ValueChart {
  const store = useActivityStore();
  const cache = useRoundCache();
  const explorer = useSession((s) => s.explorers[network.id]);
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const nativeHistory = nativeSourceFor(network, explorer !== undefined) !== 'none';
  const tokens = useMemo(
    () => portfolioTokens(network, custom as TokenInfo[], [], hidden as string[]),
    [network, custom, hidden],
  );
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
  const historyReady =
    snapshot !== undefined && synced.syncedTo !== undefined && synced.syncedTo >= snapshot.blockNumber && items.items;

  const earliest = useMemo(() => {
    let first: number | undefined;
    for (const item of items.items ?? [])
      if (item.timestamp !== undefined && (first === undefined || item.timestamp < first)) first = item.timestamp;
    return first;
  }, [items.items]);
  const now = snapshot?.timestamp;
  const times = useMemo(() => (now === undefined ? [] : chartTimes(range, now, earliest)), [range, now, earliest]);

  const feeds = useMemo(
    () => (charted ? feedRequests(network, charted.prices, [...times, (now ?? 0) - DAY]) : []),
    [network, charted, times, now],
  );
  const rounds = useQuery({ ...roundsAtTimesQuery(network, feeds, cache), enabled: feeds.length > 0 });

  const { refetchFailed } = items;
  const refetchRounds = rounds.refetch;
  const failedSync = synced.error !== undefined;
  const retry = useCallback(() => {
    if (failedSync) for (const account of accounts) syncRequests.getState().request(network.id, account);
    refetchFailed();
    if (rounds.isError) void refetchRounds();
  }, [failedSync, accounts, network.id, refetchFailed, rounds.isError, refetchRounds]);

  return useMemo((): ValueChart => {
    const base = {
      retry,
      withoutFeed: charted?.withoutFeed ?? [],
      nativeHistory,
      roundRequests: rounds.data?.requests,
      error: synced.error ?? items.error ?? rounds.error ?? undefined,
    };
    if (!charted || now === undefined)
      return { ...base, points: undefined, change24h: undefined, waitingFor: 'balances' };
    const found = rounds.data?.rounds;
    const feedOf = new Map(priceFeedsFor(network).map((f) => [f.key, f.address.toLowerCase()]));
    const priceAt = (key: string, time: number): FeedAnswer | undefined => {
      const latest = charted.prices.get(key);
      const round = found?.get(feedOf.get(key) ?? '')?.get(time);
      return latest && round
        ? { answer: round.answer, decimals: latest.decimals, updatedAt: round.updatedAt, roundId: round.id }
        : undefined;
    };
    const change24h = found
      ? changeSince(
          charted.assets,
          (key) => charted.prices.get(key),
          (key) => priceAt(key, now - DAY),
        )
      : undefined;
    if (!found) return { ...base, points: undefined, change24h, waitingFor: 'prices' };
    if (!historyReady) return { ...base, points: undefined, change24h, waitingFor: 'history' };
    const points = valueHistory({
      times,
      asOfBlock: snapshot?.blockNumber ?? 0n,
      assets: charted.assets,
      items: items.items ?? [],
      priceAt,
    });
    return { ...base, points, change24h, waitingFor: undefined };
  }, [
    charted,
    now,
    rounds.data,
    rounds.error,
    items,
    synced.error,
    historyReady,
    network,
    times,
    snapshot,
    nativeHistory,
    retry,
  ]);
}

/** One request per distinct feed (a native coin and its wrapped token share one), all at the same times. */
function feedRequests(network: Network, prices: Map<string, FeedAnswer>, times: readonly number[]): FeedTimes[] {
  const byFeed = new Map<string, FeedTimes>();
  for (const { key, address } of priceFeedsFor(network)) {
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
