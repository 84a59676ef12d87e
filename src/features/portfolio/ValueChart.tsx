import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Fiat } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import ui from '@/components/ui.module.css';
import { CHART_RANGES, type ChartRange } from '@/core/assets/chartTimes';
import type { ValuePoint } from '@/core/assets/valueHistory';
import { errorText } from '@/lib/errorMessages';
import { fiatText } from '@/lib/format';
import type { ValueChart as ValueChartData } from '@/lib/useValueChart';
import { ChartNote } from './ChartNote';
import type { ChartSeries, DrawnChart } from './chartDrawing';
import styles from './home.module.css';

const RANGE_LABELS: Record<ChartRange, { short: string; long: string }> = {
  '1w': { short: '1W', long: '1 week' },
  '1m': { short: '1M', long: '1 month' },
  '1y': { short: '1Y', long: '1 year' },
  all: { short: 'All', long: 'All time' },
};

const WAITING: Record<NonNullable<ValueChartData['waitingFor']>, string> = {
  balances: 'Reading balances…',
  history: 'Reading the accounts’ history…',
  prices: 'Reading past prices from the price feeds…',
};

const pointDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Cents as a number, for drawing only (the amounts people read stay exact). */
function toSeries(points: readonly ValuePoint[]): ChartSeries {
  return { times: points.map((p) => p.time), values: points.map((p) => Number(p.value / 10n ** 16n) / 100) };
}

export function ValueChart({
  chart,
  range,
  onRange,
}: {
  chart: ValueChartData;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
}) {
  const titleId = useId();
  const [hovered, setHovered] = useState<number>();
  const points = chart.points;
  const summary = useMemo(() => describe(points, RANGE_LABELS[range].long), [points, range]);
  const shownPoint = hovered !== undefined ? points?.[hovered] : points?.at(-1);

  return (
    <section className={`${ui.card} ${styles.chartCard}`} aria-labelledby={titleId}>
      <div className={styles.chartHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          Value over time
        </h2>
        <fieldset className={styles.ranges}>
          <legend className="visually-hidden">Chart range</legend>
          {CHART_RANGES.map((r) => (
            <label key={r} className={styles.range}>
              <input type="radio" name="chart-range" checked={r === range} onChange={() => onRange(r)} />
              {RANGE_LABELS[r].short}
              <span className="visually-hidden"> ({RANGE_LABELS[r].long})</span>
            </label>
          ))}
        </fieldset>
      </div>
      <p className={styles.readout} aria-hidden="true">
        {shownPoint ? (
          <>
            <Fiat value={shownPoint.value} />{' '}
            <span className={ui.muted}>{pointDate.format(shownPoint.time * 1000)}</span>
          </>
        ) : (
          ' '
        )}
      </p>
      {points ? (
        <ChartCanvas points={points} summary={summary} onHover={setHovered} />
      ) : (
        <div className={styles.chartSkeleton} role="status">
          {chart.noPrices
            ? 'No asset here has a Chainlink price feed that Cairn knows, so there is no value to chart.'
            : chart.waitingFor && !chart.error
              ? WAITING[chart.waitingFor]
              : ''}
        </div>
      )}
      {chart.error !== undefined && (
        <ErrorAlert
          message={
            points
              ? `The chart shows its last values: updating it failed (${errorText(chart.error)}).`
              : `The chart cannot be drawn: ${errorText(chart.error)}`
          }
          action={{ label: 'Try again', onAction: chart.retry }}
        />
      )}
      {points && <ChartTable points={points} range={RANGE_LABELS[range].long} />}
      <ChartNote chart={chart} />
    </section>
  );
}

function describe(points: readonly ValuePoint[] | undefined, range: string): string {
  if (!points || points.length === 0) return `Value over ${range}: no data yet.`;
  const dollars = (v: bigint) => fiatText(v);
  const values = points.map((p) => p.value);
  const low = values.reduce((a, b) => (b < a ? b : a));
  const high = values.reduce((a, b) => (b > a ? b : a));
  return `Value over ${range}: from ${dollars(values[0] as bigint)} to ${dollars(values.at(-1) as bigint)}, lowest ${dollars(low)}, highest ${dollars(high)}. The same values are in the table below.`;
}

/** The canvas, drawn by uPlot once its chunk has loaded; until then a box of the same size. */
function ChartCanvas({
  points,
  summary,
  onHover,
}: {
  points: readonly ValuePoint[];
  summary: string;
  onHover: (index: number | undefined) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | undefined>(undefined);
  const series = useMemo(() => toSeries(points), [points]);
  const latest = useRef({ series, onHover });
  latest.current = { series, onHover };

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void import('./chartDrawing').then(({ drawChart }) => {
      const element = box.current;
      if (cancelled || !element) return;
      drawn.current = drawChart(element, latest.current.series, (i) => latest.current.onHover(i));
      element.dataset.drawn = 'true';
      observer = new ResizeObserver(() => drawn.current?.resize(element.clientWidth));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      drawn.current?.destroy();
      drawn.current = undefined;
    };
  }, []);

  useEffect(() => {
    drawn.current?.update(series);
  }, [series]);

  return (
    <div ref={box} className={styles.chart} role="img" aria-label={summary} onPointerLeave={() => onHover(undefined)} />
  );
}

function ChartTable({ points, range }: { points: readonly ValuePoint[]; range: string }) {
  return (
    <details className={styles.chartDetails}>
      <summary>Show the values as a table</summary>
      <div className={styles.tableWide}>
        <table className={ui.table}>
          <caption className="visually-hidden">Value of the visible accounts over {range}</caption>
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.time}>
                <th scope="row">
                  <time dateTime={new Date(p.time * 1000).toISOString()}>{pointDate.format(p.time * 1000)}</time>
                </th>
                <td>
                  <Fiat value={p.value} />
                  {p.unpriced > 0 && (
                    <span className={ui.muted}>
                      {' '}
                      ({p.unpriced === 1 ? 'one asset' : `${p.unpriced} assets`} without a price yet, left out)
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
