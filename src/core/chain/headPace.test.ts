import { describe, expect, it } from 'vitest';
import { type HeadPace, NO_PACE, nextAskIn, paceBlockTime, paceOnAnotherNode, sawHead } from './headPace';

const BLOCK_MS = 12_000;
/** A node that shows each block 700 ms after its timestamp, on a device whose clock is 30 s ahead. */
const seenAt = (timestamp: bigint, extraLate = 0) => Number(timestamp) * 1000 + 30_000 + 700 + extraLate;
const seen = (pace: HeadPace, number: bigint, timestamp: bigint, extraLate = 0) =>
  sawHead(pace, { number, timestamp }, seenAt(timestamp, extraLate));
/** Blocks `from`…`to`, `seconds` apart. */
const blocks = (pace: HeadPace, from: bigint, to: bigint, seconds: bigint, extraLate = 0) => {
  let next = pace;
  for (let n = from; n <= to; n++) next = seen(next, n, 1_000n + (n - from) * seconds, extraLate);
  return next;
};

describe('the pace of head asks', () => {
  it('asks half a block time later when nothing is known, then a block time apart while no new block comes', () => {
    expect(nextAskIn(NO_PACE, BLOCK_MS, 0)).toBe(6_000);
    let pace = seen(NO_PACE, 10n, 1_000n);
    pace = sawHead(pace, { number: 10n, timestamp: 1_000n }, seenAt(1_000n, 6_000));
    expect(nextAskIn(pace, BLOCK_MS, seenAt(1_000n, 6_000))).toBe(6_000);
    pace = sawHead(pace, { number: 10n, timestamp: 1_000n }, seenAt(1_000n, 12_000));
    expect(nextAskIn(pace, BLOCK_MS, seenAt(1_000n, 12_000))).toBe(12_000);
    // A node that went back starts afresh: its head is the new last one.
    const back = sawHead(pace, { number: 9n, timestamp: 990n }, 0);
    expect(back).toMatchObject({ last: { number: 9n }, misses: 0, intervals: [] });
  });

  it('asks when the next block should be there: a block time after the last, at the node’s usual lateness, plus a second', () => {
    let pace = seen(NO_PACE, 10n, 1_000n, 2_000);
    pace = seen(pace, 11n, 1_012n);
    const now = seenAt(1_012n);
    // The next is due at 1,024 s plus the least lateness seen (30.7 s) and the margin.
    expect(nextAskIn(pace, BLOCK_MS, now)).toBe(1_024_000 + 30_700 + 1_000 - now);
  });

  it('never asks sooner than half a block time, nor later than a block time and the margin', () => {
    const pace = seen(NO_PACE, 10n, 1_000n);
    const at = pace.last?.seenAt ?? 0;
    expect(nextAskIn(pace, BLOCK_MS, at + 11_000)).toBe(6_000);
    expect(nextAskIn(pace, BLOCK_MS, at - 60_000)).toBe(13_000);
  });

  it('keeps the first sighting of a head, and follows a clock that moved after a few blocks', () => {
    const pace = seen(NO_PACE, 10n, 1_000n);
    expect(sawHead(pace, { number: 10n, timestamp: 1_000n }, 9_999_999).last).toBe(pace.last);
    const moved = blocks(pace, 11n, 19n, 12n, 5_000);
    expect(Math.min(...moved.lateness)).toBe(30_000 + 700 + 5_000);
  });

  it('takes the chain’s own block time when it is steady and slower than the network’s, never when it is not', () => {
    expect(paceBlockTime(blocks(NO_PACE, 1n, 5n, 5n), 1_000)).toBe(5_000);
    // Fewer than four intervals, faster than the network's, or irregular: the network's.
    expect(paceBlockTime(blocks(NO_PACE, 1n, 4n, 5n), 1_000)).toBe(1_000);
    expect(paceBlockTime(blocks(NO_PACE, 1n, 5n, 5n), 12_000)).toBe(12_000);
    let irregular = NO_PACE;
    for (const [n, t] of [
      [1n, 1_000n],
      [2n, 1_002n],
      [3n, 1_030n],
      [4n, 1_031n],
      [5n, 1_090n],
    ] as const)
      irregular = seen(irregular, n, t);
    expect(paceBlockTime(irregular, 1_000)).toBe(1_000);
    // A quiet spell (or a missed slot) among steady blocks is one outlier: the pace holds.
    let gap = blocks(NO_PACE, 1n, 4n, 5n);
    gap = seen(gap, 5n, 1_030n);
    gap = seen(gap, 6n, 1_035n);
    expect(paceBlockTime(gap, 1_000)).toBe(5_000);
    // With five-second blocks, a quiet chain is asked every 2.5 s, then every 5 s.
    const steady = blocks(NO_PACE, 1n, 5n, 5n);
    const quiet = sawHead(steady, { number: 5n, timestamp: 1_020n }, 0);
    expect(nextAskIn(quiet, 1_000, 0)).toBe(2_500);
    expect(nextAskIn(sawHead(quiet, { number: 5n, timestamp: 1_020n }, 0), 1_000, 0)).toBe(5_000);
  });

  it('starts another node of the same chain at the chain’s pace, with the old node’s lateness and head left behind', () => {
    const learnt = blocks(NO_PACE, 1n, 6n, 5n, 4_000);
    const moved = paceOnAnotherNode(learnt);
    expect(moved).toEqual({ ...NO_PACE, intervals: learnt.intervals });
    // Its first head, a block further on, at its own lateness: the next ask is due the chain's
    // block time after it (and its lateness, and the margin), not the network's (1 s).
    const first = seen(moved, 8n, 1_035n, -5_000);
    const now = seenAt(1_035n, -5_000);
    expect(paceBlockTime(first, 1_000)).toBe(5_000);
    expect(nextAskIn(first, 1_000, now)).toBe(1_040_000 + 30_700 - 5_000 + 1_000 - now);
  });
});
