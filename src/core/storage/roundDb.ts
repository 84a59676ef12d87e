import type { Address } from 'viem';
import type { RoundCache } from '../prices/roundCache';
import type { FeedKnowledge, RoundRead } from '../prices/rounds';
import type { CairnDatabase } from './database';

/** The stored form: ids and answers as decimal strings; a round without data as [id]. */
export type StoredFeedRounds = {
  key: string;
  rounds: ([string] | [string, string, number])[];
  phaseEnds: [number, number][];
};

const INTEGER = /^\d{1,78}$/;

export function toStoredRounds(key: string, knowledge: FeedKnowledge): StoredFeedRounds {
  return {
    key,
    rounds: [...knowledge.rounds].map(([id, read]) =>
      read ? [String(id), String(read.answer), read.updatedAt] : [String(id)],
    ),
    phaseEnds: [...knowledge.phaseEnds],
  };
}

/** What was stored, or undefined when any part of it is damaged (the rounds are then read again). */
export function fromStoredRounds(stored: unknown): FeedKnowledge | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { rounds, phaseEnds } = stored as Partial<StoredFeedRounds>;
  if (!Array.isArray(rounds) || !Array.isArray(phaseEnds)) return undefined;
  const knowledge: FeedKnowledge = { rounds: new Map(), phaseEnds: new Map() };
  for (const entry of rounds as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !INTEGER.test(entry[0])) return undefined;
    const id = BigInt(entry[0]);
    let read: RoundRead = null;
    if (entry.length === 3) {
      const [, answer, updatedAt] = entry as [string, unknown, unknown];
      if (typeof answer !== 'string' || !INTEGER.test(answer)) return undefined;
      if (typeof updatedAt !== 'number' || !Number.isSafeInteger(updatedAt) || updatedAt <= 0) return undefined;
      read = { id, answer: BigInt(answer), updatedAt };
    } else if (entry.length !== 1) return undefined;
    knowledge.rounds.set(id, read);
  }
  for (const entry of phaseEnds as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !entry.every((v) => Number.isSafeInteger(v) && v >= 0))
      return undefined;
    knowledge.phaseEnds.set(entry[0] as number, entry[1] as number);
  }
  return knowledge;
}

/** Price feed rounds already read, in IndexedDB (public chain data: nothing here is secret). */
export function indexedDbRoundCache(db: CairnDatabase): RoundCache {
  const key = (chainId: number, feed: Address) => `${chainId}:${feed.toLowerCase()}`;
  return {
    async load(chainId, feed) {
      return fromStoredRounds(await db.get('priceRounds', key(chainId, feed)));
    },
    async save(chainId, feed, knowledge) {
      await db.put('priceRounds', toStoredRounds(key(chainId, feed), knowledge));
    },
  };
}
