import { describe, expect, it } from 'vitest';
import { sumChartStates, sumPoints } from './chartsAcross';

const p = (time: number, value: bigint, unpriced = 0) => ({ time, value, unpriced });

describe('sumPoints', () => {
  it('adds each chart as it stood at each time of the chart that reaches latest', () => {
    const l1 = [p(100, 10n), p(200, 20n), p(300, 30n)];
    // An L2 whose blocks have other times, and whose history starts later.
    const l2 = [p(150, 1n, 1), p(250, 2n), p(310, 3n)];
    expect(sumPoints([l1, l2])).toEqual([p(150, 11n, 1), p(250, 22n), p(310, 33n)]);
  });

  it('waits for every chart, and keeps one chart as it is', () => {
    expect(sumPoints([[p(1, 1n)], undefined])).toBeUndefined();
    expect(sumPoints([[p(1, 1n), p(2, 5n)]])).toEqual([p(1, 1n), p(2, 5n)]);
    expect(sumPoints([])).toEqual([]);
  });
});

describe('sumChartStates', () => {
  const state = (over: object) => ({
    points: [],
    change24h: undefined,
    waitingFor: undefined,
    noPrices: false,
    ...over,
  });
  it('adds the 24-hour changes once all are known, and says what is still awaited', () => {
    const a = state({ change24h: { change: 5n, before: 100n } });
    const b = state({ change24h: { change: -2n, before: 50n } });
    expect(sumChartStates([a, b]).change24h).toEqual({ change: 3n, before: 150n });
    expect(sumChartStates([a, state({ waitingFor: 'history' })])).toMatchObject({
      change24h: undefined,
      waitingFor: 'history',
    });
  });

  it('has no prices only when no network has any', () => {
    expect(sumChartStates([state({ noPrices: true }), state({})]).noPrices).toBe(false);
    expect(sumChartStates([state({ noPrices: true }), state({ noPrices: true })]).noPrices).toBe(true);
  });
});
