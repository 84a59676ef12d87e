// Draws the value chart with uPlot. Loaded on demand (this file and uPlot are their own chunk),
// so neither the first screen nor Home's first paint waits for the chart library.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { intlLocale } from '@/lib/i18n';
import { formatDateTime } from '@/lib/i18n/format';

export type ChartSeries = {
  /** Unix seconds, ascending. */
  times: number[];
  /** Dollars, as numbers for drawing only: the exact values are shown in the table. */
  values: number[];
};

export type DrawnChart = { update(series: ChartSeries): void; resize(width: number): void; destroy(): void };

/** A colour from the design tokens, so the chart follows the light or dark theme. */
function token(element: HTMLElement, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

const DAY = 86_400;

/** Intl formatters are slow to build: one per language, made on first use. */
const dollarFormats = new Map<string, Intl.NumberFormat>();

/** The value axis, in compact dollars in the language shown ("$1.2K", "1,2 Tsd. $"). */
function dollars(value: number): string {
  const locale = intlLocale();
  let format = dollarFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', notation: 'compact' });
    dollarFormats.set(locale, format);
  }
  return format.format(value);
}

/** The time axis, in the language shown: months for a long range, days, or times of day for a short one. */
function tickTime(seconds: number, step: number): string {
  const options: Intl.DateTimeFormatOptions =
    step >= 28 * DAY
      ? { month: 'short', year: 'numeric' }
      : step >= DAY
        ? { day: 'numeric', month: 'short' }
        : { hour: 'numeric', minute: '2-digit' };
  return formatDateTime(seconds * 1000, options);
}

export function drawChart(
  container: HTMLElement,
  series: ChartSeries,
  onHover: (index: number | undefined) => void,
): DrawnChart {
  const line = token(container, '--color-accent');
  const muted = token(container, '--color-text-muted');
  const grid = token(container, '--color-border');
  const options: uPlot.Options = {
    width: Math.max(container.clientWidth, 1),
    // The box's height comes from the design tokens (--chart-height).
    height: Math.max(container.clientHeight, 1),
    legend: { show: false },
    cursor: { y: false, points: { size: 8 } },
    scales: { x: { time: true } },
    axes: [
      {
        stroke: muted,
        grid: { show: false },
        ticks: { show: false },
        values: (_, ticks, _axis, _space, step) => ticks.map((v) => tickTime(v, step)),
      },
      {
        stroke: muted,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        size: 64,
        values: (_, ticks) => ticks.map((v) => dollars(v)),
      },
    ],
    series: [
      {},
      { stroke: line, width: 2, fill: `color-mix(in srgb, ${line} 12%, transparent)`, points: { show: false } },
    ],
    hooks: {
      setCursor: [(chart) => onHover(chart.cursor.idx ?? undefined)],
    },
  };
  const chart = new uPlot(options, [series.times, series.values], container);
  return {
    update: (next) => chart.setData([next.times, next.values]),
    resize: (width) => chart.setSize({ width: Math.max(width, 1), height: Math.max(container.clientHeight, 1) }),
    destroy: () => chart.destroy(),
  };
}
