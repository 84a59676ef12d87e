import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { roundIdOf } from '../prices/rounds';
import { openCairnDatabase } from './database';
import { fromStoredRounds, indexedDbRoundCache, toStoredRounds } from './roundDb';

const FEED = '0x00000000000000000000000000000000000000f1' as const;

describe('price rounds in IndexedDB', () => {
  it('keeps rounds, rounds without data and phase ends per chain and feed', async () => {
    const cache = indexedDbRoundCache(await openCairnDatabase('rounds-test'));
    const id = roundIdOf(2, 7);
    const knowledge = {
      rounds: new Map([
        [id, { id, answer: 3_250_12000000n, updatedAt: 1_700_000_000 }],
        [roundIdOf(2, 8), null],
      ]),
      phaseEnds: new Map([[1, 600]]),
    };
    await cache.save(1, FEED, knowledge);
    expect(await cache.load(1, FEED)).toEqual(knowledge);
    expect(await cache.load(10, FEED)).toBeUndefined();
  });

  it('refuses damaged records as a whole, so the rounds are read again', () => {
    const good = toStoredRounds('1:x', {
      rounds: new Map([[5n, { id: 5n, answer: 1n, updatedAt: 9 }]]),
      phaseEnds: new Map(),
    });
    expect(fromStoredRounds(good)?.rounds.get(5n)).toEqual({ id: 5n, answer: 1n, updatedAt: 9 });
    expect(fromStoredRounds({ ...good, rounds: [['5', '-1', 9]] })).toBeUndefined();
    expect(fromStoredRounds({ ...good, rounds: [['5', '1', 0]] })).toBeUndefined();
    expect(fromStoredRounds({ ...good, rounds: [['x']] })).toBeUndefined();
    expect(fromStoredRounds({ ...good, phaseEnds: [[1, -1]] })).toBeUndefined();
    expect(fromStoredRounds('nonsense')).toBeUndefined();
  });
});
