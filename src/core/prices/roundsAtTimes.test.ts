import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenPhases, FakeFeed, type FakeRound, fakeReader } from '@/testing/fakeFeed';
import { memoryRoundCache } from './roundCache';
import { roundIdOf } from './rounds';
import { type ReadRounds, roundsAtTimes } from './roundsAtTimes';

const FEED = '0x00000000000000000000000000000000000000f1';
const OTHER = '0x00000000000000000000000000000000000000f2';
const START = 1_700_000_000;
const HOUR = 3600;

async function lookUp(feed: FakeFeed, times: number[], cache = memoryRoundCache()) {
  const read = fakeReader([feed]);
  const found = await roundsAtTimes({ read, chainId: 1, cache }, [
    { feed: feed.address, latest: feed.latest(), times },
  ]);
  return { rounds: found.rounds.get(feed.address), requests: found.requests, readerRequests: read.requests };
}

describe('roundsAtTimes', () => {
  it('finds the round in force at each time within one phase', async () => {
    const feed = new FakeFeed(FEED, evenPhases([500], START, HOUR));
    const times = [START, START + 1, START + 10 * HOUR - 1, START + 10 * HOUR, START + 499 * HOUR, START + 600 * HOUR];
    const { rounds } = await lookUp(feed, times);
    expect(times.map((t) => rounds?.get(t)?.id)).toEqual([1, 1, 10, 11, 500, 500].map((i) => roundIdOf(1, i)));
  });

  it('has no round before the feed’s first one', async () => {
    const feed = new FakeFeed(FEED, evenPhases([3, 4], START, HOUR));
    const { rounds } = await lookUp(feed, [START - 1, START - 10 * HOUR]);
    expect(rounds?.get(START - 1)).toBeUndefined();
    expect(rounds?.get(START - 10 * HOUR)).toBeUndefined();
  });

  it('crosses phase changes, whose rounds are numbered from 1 again', async () => {
    const feed = new FakeFeed(FEED, evenPhases([700, 0, 40, 300], START, HOUR));
    // Round n overall is phase 1 index n (n ≤ 700), phase 3 index n − 700 (≤ 740), phase 4 after.
    const at = (n: number) => START + (n - 1) * HOUR;
    const { rounds } = await lookUp(feed, [at(5), at(700) + 1, at(701), at(740) + 59, at(741), at(1040)]);
    expect(rounds?.get(at(5))?.id).toBe(roundIdOf(1, 5));
    expect(rounds?.get(at(700) + 1)?.id).toBe(roundIdOf(1, 700));
    expect(rounds?.get(at(701))?.id).toBe(roundIdOf(3, 1));
    expect(rounds?.get(at(740) + 59)?.id).toBe(roundIdOf(3, 40));
    expect(rounds?.get(at(741))?.id).toBe(roundIdOf(4, 1));
    expect(rounds?.get(at(1040))?.id).toBe(roundIdOf(4, 300));
  });

  it('skips missing rounds, also where a phase’s length is probed (powers of two)', async () => {
    const phases = evenPhases([64, 50], START, HOUR);
    for (const index of [8, 16, 32, 33, 64]) (phases[0] as FakeRound[])[index - 1] = null;
    (phases[1] as FakeRound[])[9] = null;
    const feed = new FakeFeed(FEED, phases);
    const times = Array.from({ length: 114 * 4 }, (_, i) => START - HOUR + i * (HOUR / 4));
    const { rounds } = await lookUp(feed, times);
    for (const t of times) expect(rounds?.get(t)?.id, `at ${t - START}`).toBe(feed.bruteForce(t)?.id);
    // The round before a missing one stays in force through the gap.
    expect(rounds?.get(START + 7 * HOUR)?.id).toBe(roundIdOf(1, 7));
    expect(rounds?.get(START + 63 * HOUR)?.id).toBe(roundIdOf(1, 63));
  });

  it('agrees with reading every round, for any phases, gaps and times', async () => {
    const phase = fc.array(
      fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      {
        maxLength: 400,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(phase, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: -5, max: 2100 }), { minLength: 1, maxLength: 60 }),
        async (shape, offsets) => {
          // Never three missing rounds in a row: that is where a phase is taken to end.
          const present = shape.map((rounds) =>
            rounds.map((p, i) => p || !(rounds[i - 1] === false || rounds[i - 2] === false)),
          );
          let n = 0;
          const phases: FakeRound[][] = present.map((rounds) =>
            rounds.map((p) => {
              n++;
              return p ? { answer: BigInt(n), updatedAt: START + n * 60 } : null;
            }),
          );
          const feed = new FakeFeed(FEED, phases);
          let latest: ReturnType<FakeFeed['latest']>;
          try {
            latest = feed.latest();
          } catch {
            return; // a feed without any round has no latest round to start from
          }
          const times = offsets.map((o) => START + o * 60 + (o % 3 === 0 ? 30 : 0));
          const found = await roundsAtTimes({ read: fakeReader([feed]), chainId: 1, cache: memoryRoundCache() }, [
            { feed: FEED, latest, times },
          ]);
          for (const t of times) expect(found.rounds.get(FEED)?.get(t)?.id).toBe(feed.bruteForce(t)?.id);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('needs few requests for a year of hourly rounds, and none the second time', async () => {
    const feed = new FakeFeed(FEED, evenPhases([6000, 2760], START, HOUR));
    const days = Array.from({ length: 366 }, (_, d) => START + d * 24 * HOUR + 1800);
    const cache = memoryRoundCache();
    const first = await lookUp(feed, days, cache);
    for (const t of days) expect(first.rounds?.get(t)?.id).toBe(feed.bruteForce(t)?.id);
    expect(first.requests).toBeLessThanOrEqual(8);
    expect(feed.reads).toBeLessThan(8760 / 2);
    const second = await lookUp(feed, days, cache);
    expect(second.requests).toBe(0);
    expect(second.rounds).toEqual(first.rounds);
  });

  it('reads one month of a small feed whole in a few requests', async () => {
    const feed = new FakeFeed(FEED, evenPhases([60, 61], START, 6 * HOUR));
    const times = Array.from({ length: 121 }, (_, i) => START + i * 6 * HOUR + 60);
    const { requests } = await lookUp(feed, times);
    expect(requests).toBeLessThanOrEqual(3);
  });

  it('searches several feeds in the same requests', async () => {
    const a = new FakeFeed(FEED, evenPhases([300], START, HOUR));
    const b = new FakeFeed(OTHER, evenPhases([900], START, HOUR / 3));
    const read = fakeReader([a, b]);
    const times = [START + 5 * HOUR, START + 200 * HOUR];
    const found = await roundsAtTimes({ read, chainId: 1, cache: memoryRoundCache() }, [
      { feed: a.address, latest: a.latest(), times },
      { feed: b.address, latest: b.latest(), times },
    ]);
    expect(found.rounds.get(FEED)?.get(START + 5 * HOUR)?.id).toBe(roundIdOf(1, 6));
    expect(found.rounds.get(OTHER)?.get(START + 200 * HOUR)?.id).toBe(b.bruteForce(START + 200 * HOUR)?.id);
    expect(read.requests).toBe(found.requests);
    expect(found.requests).toBeLessThanOrEqual(3);
  });

  it('forgets kept rounds that the feed’s latest round contradicts (a reset chain)', async () => {
    const cache = memoryRoundCache();
    const before = new FakeFeed(FEED, evenPhases([100], START, HOUR));
    await lookUp(before, [START + 50 * HOUR], cache);
    // The same address now has other rounds: fewer of them, at other times.
    const after = new FakeFeed(FEED, evenPhases([40], START + 30 * 60, HOUR));
    const { rounds } = await lookUp(after, [START + 20 * HOUR], cache);
    expect(rounds?.get(START + 20 * HOUR)).toEqual(after.bruteForce(START + 20 * HOUR));
  });

  it('answers from what it has when the node stops being useful, rather than looping', async () => {
    const feed = new FakeFeed(FEED, evenPhases([5000], START, HOUR));
    let calls = 0;
    const read = async () => {
      calls++;
      return new Map(); // the node answers nothing
    };
    const found = await roundsAtTimes({ read, chainId: 1, cache: memoryRoundCache() }, [
      { feed: FEED, latest: feed.latest(), times: [START + 100 * HOUR] },
    ]);
    expect(calls).toBeLessThanOrEqual(12);
    expect(found.rounds.get(FEED)?.get(START + 100 * HOUR)).toBeUndefined();
  });

  it('does not trust a phase end kept while that phase was still growing', async () => {
    const cache = memoryRoundCache();
    const early = new FakeFeed(FEED, evenPhases([100], START, HOUR));
    await lookUp(early, [START + 50 * HOUR], cache);
    // Later the first phase went on to 150 rounds, then a second phase started.
    const later = new FakeFeed(FEED, evenPhases([150, 20], START, HOUR));
    const t = START + 130 * HOUR + 60;
    const { rounds } = await lookUp(later, [t], cache);
    expect(rounds?.get(t)?.id).toBe(roundIdOf(1, 131));
  });

  it('takes a read that failed without a reason as empty for now, but never keeps it', async () => {
    const feed = new FakeFeed(FEED, evenPhases([60, 40], START, HOUR));
    const cache = memoryRoundCache();
    const t = START + 30 * HOUR + 60;
    // A node whose sub-calls run out of gas for round 31 of phase 1 and for the phase's end.
    const flaky: ReadRounds = async (requests) => {
      const answers = await fakeReader([feed])(requests);
      for (const reads of answers.values())
        for (const id of reads.keys())
          if (id === roundIdOf(1, 31) || id === roundIdOf(1, 61) || id === roundIdOf(1, 62)) reads.set(id, 'unclear');
      return answers;
    };
    const first = await roundsAtTimes({ read: flaky, chainId: 1, cache }, [
      { feed: FEED, latest: feed.latest(), times: [t] },
    ]);
    expect(first.rounds.get(FEED)?.get(t)?.id).toBe(roundIdOf(1, 30));
    const kept = await cache.load(1, FEED);
    expect(kept?.rounds.has(roundIdOf(1, 31))).toBe(false);
    expect(kept?.phaseEnds.has(1)).toBe(false);
    // Read again with a healthy node, the round is found.
    const { rounds } = await lookUp(feed, [t], cache);
    expect(rounds?.get(t)?.id).toBe(roundIdOf(1, 31));
  });

  it('keeps what it learnt when a later step fails', async () => {
    const feed = new FakeFeed(FEED, evenPhases([3000], START, HOUR));
    const cache = memoryRoundCache();
    let calls = 0;
    const failingLater: ReadRounds = async (requests) => {
      calls++;
      if (calls > 1) throw new Error('node down');
      return fakeReader([feed])(requests);
    };
    await expect(
      roundsAtTimes({ read: failingLater, chainId: 1, cache }, [
        { feed: FEED, latest: feed.latest(), times: [START + 1234 * HOUR] },
      ]),
    ).rejects.toThrow('node down');
    expect((await cache.load(1, FEED))?.rounds.size).toBeGreaterThan(1);
  });

  it('stays within the reads per step it is given (plain calls: nodes cap batches)', async () => {
    const feed = new FakeFeed(FEED, evenPhases([5000], START, 600));
    let most = 0;
    const counting: ReadRounds = async (requests) => {
      most = Math.max(
        most,
        requests.reduce((sum, r) => sum + r.ids.length, 0),
      );
      return fakeReader([feed])(requests);
    };
    const times = Array.from({ length: 200 }, (_, i) => START + i * 12 * 600 + 30);
    const found = await roundsAtTimes({ read: counting, chainId: 1, cache: memoryRoundCache(), readsPerStep: 200 }, [
      { feed: FEED, latest: feed.latest(), times },
    ]);
    expect(most).toBeLessThanOrEqual(200);
    expect(found.unanswered).toBe(0);
    for (const t of times) expect(found.rounds.get(FEED)?.get(t)?.id).toBe(feed.bruteForce(t)?.id);
  });
});
