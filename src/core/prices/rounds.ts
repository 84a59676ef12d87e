/**
 * Chainlink rounds as a feed's proxy numbers them: `phaseId << 64 | index`. A feed that moves to
 * a new aggregator starts a new phase whose rounds are numbered from 1 again, so round ids are
 * not consecutive across phases.
 */
export type Round = { id: bigint; answer: bigint; updatedAt: number };

/** What is known of one round: the round, or null when the feed has no data for it. */
export type RoundRead = Round | null;

/**
 * What one read of a round gave: the round, null when the feed said it has no data (it reverted
 * with a reason, or answered nothing usable), or 'unclear' when the call failed without saying
 * why (out of gas, an empty revert, a cut answer). An unclear round counts as empty for the
 * search under way but is never kept.
 */
export type RoundReadResult = RoundRead | 'unclear';

const PHASE_SHIFT = 64n;
const INDEX_MASK = (1n << PHASE_SHIFT) - 1n;

export function roundIdOf(phase: number, index: number): bigint {
  return (BigInt(phase) << PHASE_SHIFT) | BigInt(index);
}

export function phaseOf(id: bigint): number {
  return Number(id >> PHASE_SHIFT);
}

/** The round's position within its phase, from 1. */
export function indexOf(id: bigint): number {
  return Number(id & INDEX_MASK);
}

/** What is known of one feed's rounds: each round read (or found empty) and the phases whose last round is known. */
export type FeedKnowledge = { rounds: Map<bigint, RoundRead>; phaseEnds: Map<number, number> };

export function emptyKnowledge(): FeedKnowledge {
  return { rounds: new Map(), phaseEnds: new Map() };
}
