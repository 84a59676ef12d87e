import { describe, expect, it } from 'vitest';
import type { ActivityEntry, EntryRow } from '@/core/activity/entries';
import { rowSizes } from './rowSizes';

const day = (key: string): EntryRow => ({ kind: 'day', key, day: key });
const entry = (key: string, movements: number): EntryRow => ({
  kind: 'entry',
  key,
  entry: { movements: Array.from({ length: movements }, () => ({})) } as unknown as ActivityEntry,
});

describe('rowSizes', () => {
  it('guesses a first size per kind before any row is measured', () => {
    const sizes = rowSizes();
    expect(sizes.estimate(day('a'))).toBe(44);
    expect(sizes.estimate(entry('b', 1))).toBe(76);
  });

  it('guesses the size last measured for a row of the same shape', () => {
    const sizes = rowSizes();
    sizes.learn(entry('a', 1), 81);
    sizes.learn(day('d'), 40);
    expect(sizes.estimate(entry('b', 1))).toBe(81);
    expect(sizes.estimate(day('e'))).toBe(40);
    // Two movements is another shape: its first guess stands until one is measured.
    expect(sizes.estimate(entry('c', 2))).toBe(76);
    sizes.learn(entry('c', 2), 103);
    expect(sizes.estimate(entry('f', 2))).toBe(103);
    expect(sizes.estimate(entry('g', 1))).toBe(81);
  });

  it('ignores a row measured before it is laid out (size 0)', () => {
    const sizes = rowSizes();
    sizes.learn(entry('a', 1), 0);
    expect(sizes.estimate(entry('b', 1))).toBe(76);
  });
});
