import type { Address } from 'viem';
import { agreesWithLatest, type RoundCache } from './roundCache';
import type { RoundReads } from './roundReader';
import { learnRounds, nextRoundReads, type RoundSearch, roundsFound, startRoundSearch } from './roundSearch';
import { emptyKnowledge, type Round, type RoundRead } from './rounds';

/** One feed and the times its price is wanted at; `latest` is its latest round, read with the balances. */
export type FeedTimes = { feed: Address; latest: Round; times: readonly number[] };

export type RoundsAtTimes = {
  /** Per feed (lower-case address), the round in force at each time (undefined before its first round). */
  rounds: Map<string, Map<number, Round | undefined>>;
  /** HTTP requests made (0 when everything was known). */
  requests: number;
};

/** Reads rounds of several feeds in one HTTP request (readRounds, bound to a client). */
export type ReadRounds = (requests: readonly RoundReads[]) => Promise<Map<string, Map<bigint, RoundRead>>>;

/** Reads per search step, across all feeds: a few aggregate3 calls in one HTTP request. */
const MAX_READS_PER_STEP = 4000;
/** Steps before giving up on the last targets (they get the last round known before their time). */
const MAX_STEPS = 12;

/**
 * The round in force at each time on each feed (Chainlink's answer then: the last round updated
 * at or before it), following the feeds' phases. Every step reads what all searches need in one
 * HTTP request; rounds already kept in `cache` are not read again.
 *
 * Errors: whatever `read` throws (readRounds: ChainError when the node fails).
 */
export async function roundsAtTimes(
  deps: { read: ReadRounds; chainId: number; cache: RoundCache },
  requests: readonly FeedTimes[],
): Promise<RoundsAtTimes> {
  const searches = await Promise.all(
    requests.map(async ({ feed, latest, times }) => {
      const kept = await deps.cache.load(deps.chainId, feed);
      const knowledge = kept && agreesWithLatest(kept, latest) ? kept : emptyKnowledge();
      const before = knowledge.rounds.size;
      return { feed, search: startRoundSearch(latest, times, knowledge), before };
    }),
  );
  let requestsMade = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const perFeed = Math.max(1, Math.floor(MAX_READS_PER_STEP / Math.max(1, searches.length)));
    const wanted = searches
      .map(({ feed, search }) => ({ feed, ids: nextRoundReads(search, perFeed) }))
      .filter((w) => w.ids.length > 0);
    if (wanted.length === 0) break;
    const reads = await deps.read(wanted);
    requestsMade++;
    for (const { feed, search } of searches) {
      const read = reads.get(feed.toLowerCase());
      if (read) learnRounds(search, read);
    }
  }
  await Promise.all(searches.map(({ feed, search, before }) => keep(deps.cache, deps.chainId, feed, search, before)));
  return {
    rounds: new Map(searches.map(({ feed, search }) => [feed.toLowerCase(), roundsFound(search)])),
    requests: requestsMade,
  };
}

async function keep(cache: RoundCache, chainId: number, feed: Address, search: RoundSearch, before: number) {
  if (search.knowledge.rounds.size === before) return;
  try {
    await cache.save(chainId, feed, search.knowledge);
  } catch {
    // Keeping rounds only saves requests next time; a full or refused storage changes no answer.
  }
}
