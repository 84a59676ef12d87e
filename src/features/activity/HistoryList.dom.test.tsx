// The history list at scale: a render that changes no row does not lay out every row again (at
// 100,000 entries that cost a frame's budget on each scroll step).
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { EntryRow } from '@/core/activity/entries';
import { localNetwork } from '@/core/chain/networks';
import { HistoryList } from './HistoryList';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

/** `count` day rows, and how many times the list has read one by its index. */
function countedRows(count: number, prefix = 'day'): { rows: readonly EntryRow[]; reads: () => number } {
  const rows: EntryRow[] = Array.from({ length: count }, (_, i) => ({
    kind: 'day',
    key: `${prefix}-${i}`,
    day: `Day ${i}`,
  }));
  let reads = 0;
  const counted = new Proxy(rows, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
      return Reflect.get(target, property, receiver);
    },
  });
  return { rows: counted, reads: () => reads };
}

function render(rows: readonly EntryRow[]) {
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  // New functions on each render, as the Activity screen passes them.
  flushSync(() =>
    root?.render(
      <HistoryList
        rows={rows}
        networkOf={() => ({
          network: localNetwork('http://127.0.0.1:1'),
          label: () => ({ symbol: 'ETH', decimals: 18, name: undefined, contract: '', known: true }),
          name: () => undefined,
        })}
        showNetwork={false}
      />,
    ),
  );
}

it('lays out 100,000 rows once, not again on a render that changes none of them', () => {
  const { rows, reads } = countedRows(100_000);
  render(rows);
  expect(reads()).toBeGreaterThanOrEqual(100_000);
  const before = reads();
  render(rows);
  render(rows);
  expect(reads() - before).toBeLessThan(1_000);
});

it('lays the rows out again when they change, even to as many others', () => {
  const first = countedRows(1_000);
  render(first.rows);
  const next = countedRows(1_000, 'other');
  render(next.rows);
  expect(next.reads()).toBeGreaterThanOrEqual(1_000);
});
