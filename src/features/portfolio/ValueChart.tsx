import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Fiat } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import ui from '@/components/ui.module.css';
import { CHART_RANGES, type ChartRange } from '@/core/chart/chartTimes';
import type { ValuePoint } from '@/core/chart/valueHistory';
import { type MessageId, msg } from '@/core/i18n/message';
import { intlLocale, type t as translateId, useLocale, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { fiatText, formatDateTime } from '@/lib/i18n/format';
import type { ValueChart as ValueChartData } from '@/lib/portfolio/useValueChart';
import { ChartNote } from './ChartNote';
import type { ChartSeries, DrawnChart } from './chartDrawing';
import styles from './home.module.css';

const RANGE_LABELS = {
  '1w': { short: 'portfolio:chart.range.week.short', long: 'portfolio:chart.range.week.long' },
  '1m': { short: 'portfolio:chart.range.month.short', long: 'portfolio:chart.range.month.long' },
  '1y': { short: 'portfolio:chart.range.year.short', long: 'portfolio:chart.range.year.long' },
  all: { short: 'portfolio:chart.range.all.short', long: 'portfolio:chart.range.all.long' },
} as const satisfies Record<ChartRange, { short: MessageId; long: MessageId }>;

const WAITING = {
  balances: 'portfolio:chart.waiting.balances',
  history: 'portfolio:chart.waiting.history',
  prices: 'portfolio:chart.waiting.prices',
} as const satisfies Record<NonNullable<ValueChartData['waitingFor']>, MessageId>;

/**
 * A point's time, in UTC on a 24-hour clock, in the language shown (English in the British
 * order, day before month, so the date never reads as another).
 */
function usePointDate(): (seconds: number) => string {
  const locale = intlLocale(useLocale());
  const tag = locale === 'en' ? 'en-GB' : locale;
  return (seconds) => formatDateTime(seconds * 1000, POINT_DATE, tag);
}
const POINT_DATE: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
  hourCycle: 'h23',
};

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
  const t = useT('portfolio');
  const pointDate = usePointDate();
  const titleId = useId();
  const [hovered, setHovered] = useState<number>();
  const points = chart.points;
  const rangeWords = t(RANGE_LABELS[range].long);
  const summary = useMemo(() => describe(t, points, rangeWords), [t, points, rangeWords]);
  const shownPoint = hovered !== undefined ? points?.[hovered] : points?.at(-1);

  return (
    <section className={`${ui.card} ${styles.chartCard}`} aria-labelledby={titleId}>
      <div className={styles.chartHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {t('portfolio:chart.title')}
        </h2>
        <fieldset className={styles.ranges}>
          <legend className="visually-hidden">{t('portfolio:chart.ranges')}</legend>
          {CHART_RANGES.map((r) => (
            <label key={r} className={styles.range}>
              <input type="radio" name="chart-range" checked={r === range} onChange={() => onRange(r)} />
              {t(RANGE_LABELS[r].short)}
              <span className="visually-hidden">{` (${t(RANGE_LABELS[r].long)})`}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <p className={styles.readout} aria-hidden="true">
        {shownPoint ? (
          <>
            <Fiat value={shownPoint.value} />{' '}
            <span className={ui.muted} translate="no">
              {pointDate(shownPoint.time)}
            </span>
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
            ? t('portfolio:chart.noPrices')
            : chart.waitingFor && !chart.error
              ? t(WAITING[chart.waitingFor])
              : ''}
        </div>
      )}
      {chart.error !== undefined && (
        <ErrorAlert
          message={
            points
              ? msg('portfolio:chart.updateFailed', { error: errorMessage(chart.error) })
              : msg('portfolio:chart.drawFailed', { error: errorMessage(chart.error) })
          }
          action={{ label: t('portfolio:chart.tryAgain'), onAction: chart.retry }}
        />
      )}
      {points && <ChartTable points={points} range={rangeWords} />}
      <ChartNote chart={chart} />
    </section>
  );
}

function describe(t: typeof translateId, points: readonly ValuePoint[] | undefined, range: string): string {
  if (!points || points.length === 0) return t('portfolio:chart.summaryEmpty', { range });
  const values = points.map((p) => p.value);
  const low = values.reduce((a, b) => (b < a ? b : a));
  const high = values.reduce((a, b) => (b > a ? b : a));
  return t('portfolio:chart.summary', {
    range,
    first: fiatText(values[0] as bigint),
    last: fiatText(values.at(-1) as bigint),
    low: fiatText(low),
    high: fiatText(high),
  });
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
  // The axes are worded when drawn: a change of language draws the chart again.
  const locale = useLocale();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale rewords the axes drawChart draws
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
  }, [locale]);

  useEffect(() => {
    drawn.current?.update(series);
  }, [series]);

  return (
    <div ref={box} className={styles.chart} role="img" aria-label={summary} onPointerLeave={() => onHover(undefined)} />
  );
}

function ChartTable({ points, range }: { points: readonly ValuePoint[]; range: string }) {
  const t = useT('portfolio');
  const pointDate = usePointDate();
  return (
    <details className={styles.chartDetails}>
      <summary>{t('portfolio:chart.table.show')}</summary>
      <div className={styles.tableWide}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('portfolio:chart.table.caption', { range })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('portfolio:chart.table.time')}</th>
              <th scope="col">{t('portfolio:chart.table.value')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.time}>
                <th scope="row">
                  <time dateTime={new Date(p.time * 1000).toISOString()} translate="no">
                    {pointDate(p.time)}
                  </time>
                </th>
                <td>
                  <Fiat value={p.value} />
                  {p.unpriced > 0 && (
                    <span className={ui.muted}>{` ${t('portfolio:chart.table.unpriced', { count: p.unpriced })}`}</span>
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
