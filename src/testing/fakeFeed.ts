import type { Address } from 'viem';
import { indexOf, phaseOf, type Round, type RoundRead, roundIdOf } from '@/core/prices/rounds';
import type { ReadRounds } from '@/core/prices/roundsAtTimes';

/** A round of a fake feed: its answer and time, or null for a round without data. */
export type FakeRound = { answer: bigint; updatedAt: number } | null;

/**
 * A price feed in memory, numbered like a Chainlink proxy (phases from 1, rounds from 1 in each),
 * answering getRoundData reads and counting them.
 */
export class FakeFeed {
  reads = 0;
  requests = 0;

  constructor(
    readonly address: Address,
    readonly phases: FakeRound[][],
  ) {}

  latest(): Round {
    for (let p = this.phases.length; p >= 1; p--) {
      const rounds = this.phases[p - 1] ?? [];
      for (let i = rounds.length; i >= 1; i--) {
        const r = rounds[i - 1];
        if (r) return { id: roundIdOf(p, i), ...r };
      }
    }
    throw new Error('the fake feed has no rounds');
  }

  read(id: bigint): RoundRead {
    this.reads++;
    const r = this.phases[phaseOf(id) - 1]?.[indexOf(id) - 1];
    return r ? { id, ...r } : null;
  }

  /** The round in force at `time`, found by looking at every round. */
  bruteForce(time: number): Round | undefined {
    let found: Round | undefined;
    for (const [p, rounds] of this.phases.entries())
      for (const [i, r] of rounds.entries())
        if (r && r.updatedAt <= time) found = { id: roundIdOf(p + 1, i + 1), ...r };
    return found;
  }
}

/** A reader over fake feeds, counting one request per call. */
export function fakeReader(feeds: readonly FakeFeed[]): ReadRounds & { requests: number } {
  const reader = Object.assign(
    async (requests: Parameters<ReadRounds>[0]) => {
      reader.requests++;
      const out = new Map<string, Map<bigint, RoundRead>>();
      for (const { feed, ids } of requests) {
        const fake = feeds.find((f) => f.address.toLowerCase() === feed.toLowerCase());
        if (!fake) throw new Error(`no fake feed at ${feed}`);
        out.set(feed.toLowerCase(), new Map(ids.map((id) => [id, fake.read(id)])));
      }
      return out;
    },
    { requests: 0 },
  );
  return reader;
}

/** Rounds every `interval` seconds from `start`, with answers 1, 2, 3… (times stay increasing across phases). */
export function evenPhases(lengths: readonly number[], start: number, interval: number): FakeRound[][] {
  let n = 0;
  return lengths.map((length) =>
    Array.from({ length }, () => {
      n++;
      return { answer: BigInt(n), updatedAt: start + (n - 1) * interval };
    }),
  );
}
