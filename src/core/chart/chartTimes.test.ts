import { describe, expect, it } from 'vitest';
import { chartTimes } from './chartTimes';

describe('chartTimes', () => {
  const now = 1_700_000_123;
  it('gives aligned points inside each range, then now', () => {
    const week = chartTimes('1w', now, undefined);
    expect(week.at(-1)).toBe(now);
    expect(week.length).toBe(85);
    expect(week.slice(0, -1).every((t) => t % 7200 === 0 && t > now - 7 * 86400)).toBe(true);
    expect(chartTimes('1m', now, undefined).length).toBe(121);
    expect(chartTimes('1y', now, undefined).length).toBe(366);
  });

  it('keeps its points from one refresh to the next', () => {
    const earlier = chartTimes('1m', now, undefined);
    const later = chartTimes('1m', now + 600, undefined);
    expect(later.slice(0, -1)).toEqual(earlier.slice(0, -1));
  });

  it('starts the whole history one step before the first event, within 200 points', () => {
    const all = chartTimes('all', now, now - 45 * 86400);
    expect(all.length).toBeLessThanOrEqual(201);
    expect(all[0]).toBeLessThan(now - 45 * 86400);
    expect(all[1]).toBeGreaterThanOrEqual(now - 45 * 86400 - 1);
  });
});
