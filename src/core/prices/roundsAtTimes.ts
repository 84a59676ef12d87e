import type { Address } from 'viem';
import { agreesWithLatest, type RoundCache } from './roundCache';
import type { RoundReads } from './roundReader';
import {
  keptKnowledge,
  learnRounds,
  nextRoundReads,
  type RoundSearch,
  roundsFound,
  startRoundSearch,
  unansweredTargets,
} from './roundSearch';
import { emptyKnowledge, type Round, type RoundReadResult } from './rounds';

/** One feed and the times its price is wanted at; `latest` is its latest round, read with the balances. */
export type FeedTimes = { feed: Address; latest: Round; times: readonly number[] };

/** Reads rounds of several feeds in one HTTP request (readRounds, bound to a client). */
export type ReadRounds = (requests: readonly RoundReads[]) => Promise<Map<string, Map<bigint, RoundReadResult>>>;

export type RoundsAtTimes = {
  /** Per feed (lower-case address), the round in force at each time (undefined before its first round). */
  rounds: Map<string, Map<number, Round | undefined>>;
  /** HTTP requests made (0 when everything was known). */
  requests: number;
  /** Times left unanswered when the search ran out of steps (they got the last round known before them). */
  unanswered: number;
};

/** Reads per search step, across all feeds, through Multicall3: a few aggregate3 calls in one HTTP request. */
export const READS_PER_STEP_MULTICALL = 4000;
/** Without Multicall3 each read is a call of its own in the batch, and nodes cap batches (geth: 1,000). */
export const READS_PER_STEP_PLAIN = 200;
/** Steps before giving up on the last targets. */
const MAX_STEPS = 12;

/**
 * The round in force at each time on each feed (Chainlink's answer then: the last round updated
 * at or before it), following the feeds' phases. Every step reads what all searches need in one
 * HTTP request, at most `readsPerStep` rounds; rounds already kept in `cache` are not read again,
 * and what was learnt is kept even when a later step fails.
 *
 * Errors: whatever `read` throws (readRounds: ChainError when the node fails).
 */
export async function roundsAtTimes(
  deps: { read: ReadRounds; chainId: number; cache: RoundCache; readsPerStep?: number },
  requests: readonly FeedTimes[],
): Promise<RoundsAtTimes> {
  const searches = await Promise.all(
    requests.map(async ({ feed, latest, times }) => {
      const kept = await deps.cache.load(deps.chainId, feed);
      const knowledge = kept && agreesWithLatest(kept, latest) ? kept : emptyKnowledge();
      return { feed, search: startRoundSearch(latest, times, knowledge), learnt: kept !== knowledge };
    }),
  );
  const readsPerStep = deps.readsPerStep ?? READS_PER_STEP_MULTICALL;
  let requestsMade = 0;
  try {
    for (let step = 0; step < MAX_STEPS; step++) {
      const perFeed = Math.max(1, Math.floor(readsPerStep / Math.max(1, searches.length)));
      const wanted = searches
        .map(({ feed, search }) => ({ feed, ids: nextRoundReads(search, perFeed) }))
        .filter((w) => w.ids.length > 0);
      if (wanted.length === 0) break;
      const reads = await deps.read(wanted);
      requestsMade++;
      for (const entry of searches) {
        const read = reads.get(entry.feed.toLowerCase());
        if (read && read.size > 0) {
          learnRounds(entry.search, read);
          entry.learnt = true;
        }
      }
    }
  } finally {
    await Promise.all(
      searches.filter((s) => s.learnt).map(({ feed, search }) => keep(deps.cache, deps.chainId, feed, search)),
    );
  }
  return {
    rounds: new Map(searches.map(({ feed, search }) => [feed.toLowerCase(), roundsFound(search)])),
    requests: requestsMade,
    unanswered: searches.reduce((sum, { search }) => sum + unansweredTargets(search), 0),
  };
}

async function keep(cache: RoundCache, chainId: number, feed: Address, search: RoundSearch) {
  try {
    await cache.save(chainId, feed, keptKnowledge(search));
  } catch {
    // Keeping rounds only saves requests next time; a full or refused storage changes no answer.
  }
}
