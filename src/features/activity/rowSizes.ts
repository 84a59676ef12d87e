// What the history list guesses for a row it has not measured yet: the size last measured for a
// row of the same shape. Each row still measures itself when shown; a guess that matches spares
// the virtualizer laying out every row after it again, which at 100,000 entries is a frame's work.
import type { EntryRow } from '@/core/activity/entries';

const FIRST_GUESS = { day: 44, entry: 76 } as const;

/** Rows of one shape are usually one size: a day heading, or an entry with so many movements. */
const shapeOf = (row: EntryRow): string => (row.kind === 'day' ? 'day' : `entry:${row.entry.movements.length}`);

export type RowSizes = {
  estimate(row: EntryRow | undefined): number;
  learn(row: EntryRow | undefined, size: number): void;
};

export function rowSizes(): RowSizes {
  const measured = new Map<string, number>();
  return {
    estimate: (row) => (row ? (measured.get(shapeOf(row)) ?? FIRST_GUESS[row.kind]) : FIRST_GUESS.entry),
    learn: (row, size) => {
      if (row && size > 0) measured.set(shapeOf(row), size);
    },
  };
}
