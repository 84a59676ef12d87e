// The price history the seed gives its mock feeds: a round every six hours from genesis to the
// present, moving as markets do, in two phases (the feed "moves to a new aggregator" halfway,
// so round ids start again under phase 2), ending at each feed's present price. One round of
// the ETH feed is missing, as rounds an aggregator never answered are.

export const ROUND_INTERVAL_SECONDS = 6 * 3600;

export type FeedHistoryPlan = {
  /** The present answer (8 decimals), the last round's. */
  answer: bigint;
  /** How far the answer wanders from it, as a fraction. */
  swing: number;
  /** Index (from 0, over the whole history) of a round recorded as missing. */
  missing?: number;
};

export type PlannedRound = { answer: bigint; time: number };

/** Rounds of one phase, oldest first; a time of 0 marks a missing round. */
export type PlannedPhases = [PlannedRound[], PlannedRound[]];

function wave(i: number): number {
  return 0.6 * Math.sin(i / 5) + 0.4 * Math.sin(i / 13 + 1) + 0.15 * Math.sin(i * 1.7);
}

/** Rounds from `start` to `end` (unix seconds), the last one at `end` with the present answer. */
export function plannedRounds(plan: FeedHistoryPlan, start: number, end: number): PlannedPhases {
  const count = Math.max(2, Math.floor((end - start) / ROUND_INTERVAL_SECONDS) + 1);
  const rounds: PlannedRound[] = [];
  for (let i = 0; i < count; i++) {
    const time = i === count - 1 ? end : start + i * ROUND_INTERVAL_SECONDS;
    // Relative to the last round, so the history ends exactly at the present answer.
    const factor = 1 + plan.swing * (wave(i) - wave(count - 1));
    const answer = BigInt(Math.round(Number(plan.answer) * factor));
    rounds.push({ answer, time: i === plan.missing ? 0 : time });
  }
  const half = Math.floor(count / 2);
  return [rounds.slice(0, half), rounds.slice(half)];
}

export const FEED_HISTORY = {
  ETH_USD_FEED: { answer: 3_250_12000000n, swing: 0.06, missing: 9 },
  DAI_USD_FEED: { answer: 1_00010000n, swing: 0.001 },
  USDC_USD_FEED: { answer: 99990000n, swing: 0.0008 },
  USDT_USD_FEED: { answer: 1_00020000n, swing: 0.0012 },
} as const satisfies Record<string, FeedHistoryPlan>;
