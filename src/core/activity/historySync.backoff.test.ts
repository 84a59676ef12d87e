// The history sync's back-off, over fake work: a network whose node refused a pass as too many is
// asked again only later and later (per network), and Try again asks at once.
import { describe, expect, it } from 'vitest';
import { A, block, fakeWork, network, statusOf, ticks } from '@/testing/historySyncWork';
import { ChainError } from '../errors/chain';
import { msg } from '../i18n/message';
import { createHistorySync } from './historySync';

const rateLimited = () => new ChainError('CHAIN_RATE_LIMITED', msg('core.chain:networkRead.rateLimited'));

describe('history sync back-off', () => {
  it('asks a network whose node refused a pass as too many only after its back-off, doubling; others as usual', async () => {
    const fake = fakeWork();
    let now = 1_000_000;
    const history = createHistorySync(
      async () => fake.work,
      undefined,
      () => now,
    );
    const follow = async (id: string, n: bigint) => {
      const done = history.follow(network(id), [A], block(n));
      await ticks();
      await fake.release(id);
      await done;
    };
    const follows = (id: string) => fake.log.filter((line) => line.startsWith(`follow ${id} `)).length;
    fake.set({ failOn: { one: rateLimited() } });
    await follow('one', 1n);
    expect(statusOf(history, 'one')?.error).toMatchObject({ code: 'CHAIN_RATE_LIMITED' });
    // Background pace of a 1 s chain: 12 s; after one refusal, 24 s.
    now += 23_000;
    await follow('one', 2n);
    await follow('two', 2n);
    expect(follows('one')).toBe(1);
    expect(follows('two')).toBe(1);
    now += 1_000;
    await follow('one', 3n);
    expect(follows('one')).toBe(2);
    // Refused again: 48 s now.
    now += 47_000;
    await follow('one', 4n);
    expect(follows('one')).toBe(2);
    // Try again asks at once, whatever the back-off, and an answer ends it.
    fake.set({ failOn: {} });
    const retry = history.request(network('one'), A);
    await ticks();
    await fake.release('one');
    await retry;
    expect(statusOf(history, 'one')).toMatchObject({ error: undefined, syncedTo: 100n });
    await follow('one', 5n);
    expect(follows('one')).toBe(3);
  });
});
