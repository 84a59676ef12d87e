import type { Address } from 'viem';
import { type FeedKnowledge, indexOf, phaseOf, type Round } from './rounds';

/**
 * Rounds already read, kept per chain and feed: a past round never changes, so a chart drawn
 * again reads only the rounds published since.
 */
export interface RoundCache {
  load(chainId: number, feed: Address): Promise<FeedKnowledge | undefined>;
  save(chainId: number, feed: Address, knowledge: FeedKnowledge): Promise<void>;
}

export function memoryRoundCache(): RoundCache {
  const stored = new Map<string, FeedKnowledge>();
  const key = (chainId: number, feed: Address) => `${chainId}:${feed.toLowerCase()}`;
  const copy = (k: FeedKnowledge): FeedKnowledge => ({ rounds: new Map(k.rounds), phaseEnds: new Map(k.phaseEnds) });
  return {
    async load(chainId, feed) {
      const k = stored.get(key(chainId, feed));
      return k && copy(k);
    },
    async save(chainId, feed, knowledge) {
      stored.set(key(chainId, feed), copy(knowledge));
    },
  };
}

/**
 * False when what was kept cannot belong to the feed as it is now: it holds the latest round
 * with other data, or rounds after it (the chain was reset, or another chain has the same id).
 */
export function agreesWithLatest(knowledge: FeedKnowledge, latest: Round): boolean {
  const phase = phaseOf(latest.id);
  const kept = knowledge.rounds.get(latest.id);
  if (kept !== undefined && (kept === null || kept.answer !== latest.answer || kept.updatedAt !== latest.updatedAt))
    return false;
  for (const [id, read] of knowledge.rounds) {
    if (read === null) continue;
    if (phaseOf(id) > phase || (phaseOf(id) === phase && indexOf(id) > indexOf(latest.id))) return false;
    if (read.updatedAt > latest.updatedAt) return false;
  }
  return true;
}

/** A round cache whose storage code loads on first use (it stays out of the first screen's bundle). */
export function lazyRoundCache(load: () => Promise<RoundCache>): RoundCache {
  let loaded: Promise<RoundCache> | undefined;
  const cache = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    load: async (chainId, feed) => (await cache()).load(chainId, feed),
    save: async (chainId, feed, knowledge) => (await cache()).save(chainId, feed, knowledge),
  };
}
