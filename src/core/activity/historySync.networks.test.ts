// The history sync across networks, over fake work: each network followed on its own, a slow or
// failing one holding up no other.
import { describe, expect, it } from 'vitest';
import { A, block, fakeWork, network, statusOf, ticks } from '@/testing/historySyncWork';
import { createHistorySync } from './historySync';

describe('history sync across networks', () => {
  it('follows each network on its own: a slow one holds up no other, and a failure stays with its network', async () => {
    const fake = fakeWork();
    const history = createHistorySync(async () => fake.work);
    fake.set({ failOn: { two: new Error('node down') } });
    const slow = history.follow(network('one'), [A], block(7n));
    const failing = history.follow(network('two'), [A], block(50n));
    const quick = history.follow(network('three'), [A], block(9n));
    await ticks();
    expect(fake.log).toEqual(['follow one aa @7', 'follow two aa @50', 'follow three aa @9']);
    await fake.release('three');
    await quick;
    await fake.release('two');
    await failing;
    // One is still reading; three is up to date, two failed with its own error.
    expect(statusOf(history, 'one')).toMatchObject({ running: true });
    expect(statusOf(history, 'three')).toMatchObject({ running: false, syncedTo: 9n, error: undefined });
    expect(statusOf(history, 'two')).toMatchObject({ running: false, error: new Error('node down') });
    await fake.release('one');
    await slow;
    expect(statusOf(history, 'one')).toMatchObject({ running: false, syncedTo: 7n });
  });
});
