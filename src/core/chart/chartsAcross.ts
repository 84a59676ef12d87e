import type { ValueChartState } from './valueChart';
import type { ValuePoint } from './valueHistory';

/**
 * Several networks' value over time as one line: at each time of the chart that reaches latest
 * (its grid), the sum of every chart's value then, each taken as it stood at its last point at or
 * before that time (a network's blocks have their own times). A chart with no point yet at that
 * time adds nothing (its history starts later). Undefined until every chart has its points.
 */
export function sumPoints(charts: readonly (readonly ValuePoint[] | undefined)[]): ValuePoint[] | undefined {
  if (charts.some((points) => points === undefined)) return undefined;
  const all = charts as readonly (readonly ValuePoint[])[];
  const grid = all.reduce<readonly ValuePoint[]>(
    (latest, points) => ((points.at(-1)?.time ?? 0) > (latest.at(-1)?.time ?? 0) ? points : latest),
    [],
  );
  return grid.map(({ time }) => {
    let value = 0n;
    let unpriced = 0;
    for (const points of all) {
      const then = pointAt(points, time);
      if (!then) continue;
      value += then.value;
      unpriced += then.unpriced;
    }
    return { time, value, unpriced };
  });
}

/** The last point at or before `time` (points are in time order). */
function pointAt(points: readonly ValuePoint[], time: number): ValuePoint | undefined {
  let found: ValuePoint | undefined;
  for (const point of points) {
    if (point.time > time) break;
    found = point;
  }
  return found;
}

/**
 * Several networks' chart states as one: the summed points, the 24-hour changes added once every
 * one is known, the first thing still awaited, and "no prices" only when no network has any.
 */
export function sumChartStates(states: readonly ValueChartState[]): ValueChartState {
  const changes = states.map((s) => s.change24h);
  const known = changes.every((c) => c !== undefined);
  return {
    points: sumPoints(states.map((s) => s.points)),
    change24h: known
      ? changes.reduce(
          (sum, c) => ({ change: sum.change + (c?.change ?? 0n), before: sum.before + (c?.before ?? 0n) }),
          {
            change: 0n,
            before: 0n,
          },
        )
      : undefined,
    waitingFor: states.find((s) => s.waitingFor !== undefined)?.waitingFor,
    noPrices: states.length > 0 && states.every((s) => s.noPrices),
  };
}
