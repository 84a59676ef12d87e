export const CHART_RANGES = ['1w', '1m', '1y', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How far back each range goes and how far apart its points are (seconds). */
const RANGES: Record<Exclude<ChartRange, 'all'>, { span: number; step: number }> = {
  '1w': { span: 7 * DAY, step: 2 * HOUR },
  '1m': { span: 30 * DAY, step: 6 * HOUR },
  '1y': { span: 365 * DAY, step: DAY },
};

/** Steps the whole history may use, finest first; it takes the first that keeps it within MAX_POINTS. */
const ALL_STEPS = [HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];
const MAX_POINTS = 200;

/**
 * The times a chart shows: multiples of its step (so they stay the same from one refresh to the
 * next and what was read for them can be kept) inside the range, then `now`. 'all' starts one
 * step before `earliest`, the first time anything happened, so it opens on the balance before it.
 */
export function chartTimes(range: ChartRange, now: number, earliest: number | undefined): number[] {
  let span: number;
  let step: number;
  if (range === 'all') {
    span = Math.max(now - (earliest ?? now - RANGES['1m'].span), HOUR);
    step = ALL_STEPS.find((s) => span / s <= MAX_POINTS) ?? (ALL_STEPS.at(-1) as number);
    span += step;
  } else {
    ({ span, step } = RANGES[range]);
  }
  const times: number[] = [];
  for (let t = Math.ceil((now - span) / step) * step; t < now; t += step) times.push(t);
  times.push(now);
  return times;
}
