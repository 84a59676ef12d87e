import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { sumChartStates } from '@/core/chart/chartsAcross';
import type { ChartRange } from '@/core/chart/chartTimes';
import type { NetworkPortfolioPart } from './PortfoliosAcross';
import { useValueChart, type ValueChart } from './useValueChart';

/**
 * The value chart across networks: each network's chart computed as on its own Home (its history,
 * its feeds' rounds, through its own nodes), handed to `children` as one (core/chart/chartsAcross).
 */
export function ChartsAcross({
  parts,
  range,
  children,
}: {
  /** The networks counted in the total, each with its portfolio. */
  parts: readonly NetworkPortfolioPart[];
  range: ChartRange;
  children: (chart: ValueChart) => ReactNode;
}) {
  const [charts, setCharts] = useState<Record<string, ValueChart>>({});
  const report = useCallback(
    (id: string, chart: ValueChart) =>
      setCharts((before) => (before[id] === chart ? before : { ...before, [id]: chart })),
    [],
  );
  const shown = parts.flatMap(({ network }) => (charts[network.id] ? [charts[network.id] as ValueChart] : []));
  return (
    <>
      {parts.map((part) => (
        <NetworkChart key={part.network.id} part={part} range={range} report={report} />
      ))}
      {children(combineCharts(shown, parts.length))}
    </>
  );
}

function NetworkChart({
  part: { network, portfolio },
  range,
  report,
}: {
  part: NetworkPortfolioPart;
  range: ChartRange;
  report: (id: string, chart: ValueChart) => void;
}) {
  const chart = useValueChart(network, portfolio.addresses, portfolio.tokens, portfolio.snapshot, range);
  const { points, change24h, waitingFor, noPrices, error, withoutFeed, roundRequests, unanswered } = chart;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported again only when what it shows changed
  useEffect(
    () => report(network.id, chart),
    [report, network.id, points, change24h, waitingFor, noPrices, error, withoutFeed, roundRequests, unanswered],
  );
  return null;
}

/** The charts of `expected` networks as one; awaiting balances while some has not reported yet. */
function combineCharts(charts: readonly ValueChart[], expected: number): ValueChart {
  const state = sumChartStates(charts);
  const requests = charts.map((c) => c.roundRequests);
  return {
    ...state,
    ...(charts.length < expected ? { points: undefined, waitingFor: state.waitingFor ?? 'balances' } : {}),
    error: charts.find((c) => c.error !== undefined && c.error !== null)?.error,
    retry: () => {
      for (const chart of charts) chart.retry();
    },
    withoutFeed: charts.flatMap((c) => c.withoutFeed),
    nativeHistory: charts.every((c) => c.nativeHistory),
    roundRequests: requests.every((r) => r !== undefined)
      ? requests.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)
      : undefined,
    unanswered: charts.reduce((sum, c) => sum + c.unanswered, 0),
  };
}
