/**
 * When to ask the node for its head again. Each ask costs the person a request (many pay per
 * call), so the ask is timed for when the next block should be there: its predecessor's
 * timestamp, one block time, how late this node shows blocks at best, and a margin of a second
 * (block timestamps are whole seconds). An ask that finds no new block is followed by one half a
 * block time later, then a block time apart: with no new block, at most one request per half
 * block time.
 *
 * The block time is the network's, unless the last few blocks came at a steadier, slower pace
 * (a local chain mining every few seconds): then that pace. A chain that mines only when sent a
 * transaction has no steady pace, and keeps the network's. The pace is the chain's: another node
 * of the same chain (its RPC URLs changed) starts from it (paceOnAnotherNode).
 */

/** What the pace is worked out from: the head seen last, and when it was first seen here. */
export type HeadSighting = {
  number: bigint;
  /** The block's own timestamp, in seconds. */
  timestamp: bigint;
  /** This device's clock (ms) at the answer that first showed the block. */
  seenAt: number;
};

export type HeadPace = {
  /** The head seen last. */
  last: HeadSighting | undefined;
  /**
   * The delay between a block's timestamp and its first sighting here (ms), for the last few
   * heads: their least is how late this node shows blocks at best, the device's clock offset
   * included (a few, not all, so a clock that moved is followed).
   */
  lateness: readonly number[];
  /** Milliseconds per block between the last few sightings, from the blocks' timestamps. */
  intervals: readonly number[];
  /** Asks in a row that found no new block. */
  misses: number;
};

export const NO_PACE: HeadPace = { last: undefined, lateness: [], intervals: [], misses: 0 };

/**
 * The pace is learned from the last INTERVALS_KEPT intervals, once there are at least
 * STEADY_COUNT: steady when most of them (a quiet spell or a missed slot is one outlier) are
 * within STEADY_SPREAD of their median.
 */
const INTERVALS_KEPT = 5;
const STEADY_COUNT = 4;
const STEADY_SPREAD = 0.25;
/** The slowest pace taken from the chain itself. */
const MAX_LEARNED_MS = 60_000;

/** How many sightings the lateness is the least of. */
const LATENESS_WINDOW = 8;

/** Heads may be shown this much later than the earliest seen (timestamps are whole seconds). */
const MARGIN_MS = 1_000;
/** The shortest wait between two asks, whatever the block time. */
const MIN_WAIT_MS = 1_000;

/**
 * Where another node of the same chain starts (the network's RPC URLs changed): with the chain's
 * pace, so its asks come once a block from the first; how late a node shows blocks, and the head
 * it showed last, are the old node's own.
 */
export function paceOnAnotherNode(pace: HeadPace): HeadPace {
  return { ...NO_PACE, intervals: pace.intervals };
}

/** Takes in the head an ask found at `now` (the same head as before counts as a miss). */
export function sawHead(pace: HeadPace, head: { number: bigint; timestamp: bigint }, now: number): HeadPace {
  const { last } = pace;
  // A node that went back (restarted, or another one) starts the pace afresh.
  if (last && head.number < last.number) return sawHead(NO_PACE, head, now);
  if (last && head.number === last.number) return { ...pace, misses: pace.misses + 1 };
  const late = now - Number(head.timestamp) * 1000;
  const interval = last
    ? (Number(head.timestamp - last.timestamp) * 1000) / Number(head.number - last.number)
    : undefined;
  return {
    last: { number: head.number, timestamp: head.timestamp, seenAt: now },
    lateness: [...pace.lateness, late].slice(-LATENESS_WINDOW),
    intervals: interval === undefined ? pace.intervals : [...pace.intervals, interval].slice(-INTERVALS_KEPT),
    misses: 0,
  };
}

/** The block time to pace asks by: the network's, or the chain's own when steadier and slower. */
export function paceBlockTime(pace: HeadPace, networkBlockTimeMs: number): number {
  if (pace.intervals.length < STEADY_COUNT) return networkBlockTimeMs;
  const sorted = [...pace.intervals].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const close = sorted.filter((i) => Math.abs(i - median) <= median * STEADY_SPREAD).length;
  const steady = close > sorted.length / 2 + 0.5;
  return steady && median > networkBlockTimeMs ? Math.min(median, MAX_LEARNED_MS) : networkBlockTimeMs;
}

/**
 * How long to wait (ms) before the next ask, after an ask at `now` taken in by sawHead, on a
 * network whose blocks come every `networkBlockTimeMs`.
 */
export function nextAskIn(pace: HeadPace, networkBlockTimeMs: number, now: number): number {
  const blockTimeMs = paceBlockTime(pace, networkBlockTimeMs);
  const half = Math.max(MIN_WAIT_MS, Math.round(blockTimeMs / 2));
  const { last, lateness, misses } = pace;
  if (misses > 1) return Math.max(MIN_WAIT_MS, blockTimeMs);
  if (misses === 1 || !last || lateness.length === 0) return half;
  const expected = Number(last.timestamp) * 1000 + blockTimeMs + Math.min(...lateness) + MARGIN_MS;
  return Math.max(half, Math.min(expected - now, blockTimeMs + MARGIN_MS));
}
