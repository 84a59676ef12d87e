// The history sync's own rules, over fake work: one sync per account at a time, its status and
// listeners, loading its work; and following a shared head, one pass per network for every
// account. (Across networks: historySync.networks.test.ts; the back-off: historySync.backoff.test.ts.)
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { A, B, block, fakeWork, network, ticks } from '@/testing/historySyncWork';
import { createHistorySync, type HistorySyncWork } from './historySync';
import { syncStatusKey } from './syncStatus';

describe('history sync', () => {
  it('runs one sync per account at a time: requests while it runs make one follow-up, with the network asked last', async () => {
    const fake = fakeWork();
    const history = createHistorySync(async () => fake.work);
    const first = history.request(network('one'), A);
    await ticks();
    void history.request(network('one'), A);
    const followUp = history.request({ ...network('one'), name: 'renamed' }, A);
    await ticks();
    expect(fake.log).toEqual(['sync one aa']);
    await fake.release();
    await first;
    expect(fake.log).toEqual(['sync one aa', 'synced one aa', 'approvals one aa', 'sync one aa']);
    await fake.release();
    await followUp;
    expect(fake.log.filter((line) => line.startsWith('sync '))).toHaveLength(2);
    // The follow-up got the network as asked last, not as the first request gave it.
    expect(fake.synced.map((n) => n.name)).toEqual([network('one').name, 'renamed']);
    // Nothing more was left waiting.
    await ticks();
    expect(fake.log).toHaveLength(6);
  });

  it('syncs different accounts and networks at once, each followed by its approvals scan', async () => {
    const fake = fakeWork();
    const history = createHistorySync(async () => fake.work);
    const done = [
      history.request(network('one'), A),
      history.request(network('one'), B),
      history.request(network('two'), A),
    ];
    await ticks();
    expect(fake.log).toEqual(['sync one aa', 'sync one bb', 'sync two aa']);
    await fake.release();
    await fake.release();
    await fake.release();
    await Promise.all(done);
    expect(fake.log.slice(3)).toEqual([
      'synced one aa',
      'approvals one aa',
      'synced one bb',
      'approvals one bb',
      'synced two aa',
      'approvals two aa',
    ]);
  });

  it('keeps a plain status per account: running with progress, then where it got to, or why not', async () => {
    const fake = fakeWork();
    const history = createHistorySync(async () => fake.work);
    const key = syncStatusKey('one', A);
    const done = history.request(network('one'), A);
    await ticks();
    expect(history.status.getState().byKey[key]).toMatchObject({ running: true, progress: 0.25 });
    await fake.release();
    await done;
    expect(history.status.getState().byKey[key]).toEqual({
      running: false,
      progress: undefined,
      error: undefined,
      syncedTo: 100n,
    });

    const failure = new Error('node down');
    fake.set({ failSync: failure });
    const failed = history.request(network('one'), A);
    await ticks();
    await fake.release();
    await failed;
    expect(history.status.getState().byKey[key]).toMatchObject({ running: false, error: failure, syncedTo: 100n });
    expect(fake.log.filter((line) => line.startsWith('approvals'))).toHaveLength(1);
  });

  it('tells its listeners when a sync wrote history or changed the approvals, and only then', async () => {
    const fake = fakeWork();
    const history = createHistorySync(async () => fake.work);
    const written: string[] = [];
    const stop = history.onWritten((net, account) => written.push(`${net.id} ${account.slice(-2)}`));
    const syncOnce = async () => {
      const done = history.request(network('one'), A);
      await ticks();
      await fake.release();
      await done;
    };
    await syncOnce();
    expect(written).toEqual(['one aa']);
    fake.set({ itemsChanged: false });
    await syncOnce();
    expect(written).toHaveLength(1);
    fake.set({ events: [{ transactionHash: '0x01', logIndex: 0 }] });
    await syncOnce();
    expect(written).toHaveLength(2);
    stop();
    fake.set({ itemsChanged: true });
    await syncOnce();
    expect(written).toHaveLength(2);
  });

  it('leaves the history synced when the approvals scan fails', async () => {
    const fake = fakeWork();
    const history = createHistorySync(async () => ({
      ...fake.work,
      scanApprovals: async () => Promise.reject(new Error('logs refused')),
    }));
    const done = history.request(network('one'), A);
    await ticks();
    await fake.release();
    await done;
    expect(history.status.getState().byKey[syncStatusKey('one', A)]).toMatchObject({
      error: undefined,
      syncedTo: 100n,
    });
  });

  it('loads its work once, when first asked, and again after a failed load', async () => {
    const fake = fakeWork();
    let loads = 0;
    const history = createHistorySync(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed to load');
      return fake.work;
    });
    expect(loads).toBe(0);
    await history.request(network('one'), A);
    expect(history.status.getState().byKey[syncStatusKey('one', A)]?.error).toBeInstanceOf(Error);
    const done = history.request(network('one'), A);
    await ticks();
    await fake.release();
    await done;
    void history.request(network('one'), B);
    await ticks();
    expect(loads).toBe(2);
  });

  describe('following a shared head', () => {
    it('brings every account up to a head in one pass, then scans the approvals of those that need it', async () => {
      const fake = fakeWork();
      const history = createHistorySync(async () => fake.work);
      const first = history.follow(network('one'), [A, B], block(7n));
      await ticks();
      expect(history.status.getState().byKey[syncStatusKey('one', B)]).toMatchObject({ running: true });
      await fake.release();
      await first;
      // Never scanned yet: both.
      expect(fake.log).toEqual(['follow one aa+bb @7', 'followed one aa+bb', 'approvals one aa', 'approvals one bb']);
      expect(history.status.getState().byKey[syncStatusKey('one', A)]).toMatchObject({ running: false, syncedTo: 7n });
      // Then only the account whose pass saw an approval.
      fake.set({ approvalSeen: [B] });
      const second = history.follow(network('one'), [A, B], block(8n));
      await ticks();
      await fake.release();
      await second;
      expect(fake.log.slice(4)).toEqual(['follow one aa+bb @8', 'followed one aa+bb', 'approvals one bb']);
    });

    it('holds the network’s reads from the moment a pass is asked until it reads the node', async () => {
      const fake = fakeWork();
      const holds: string[] = [];
      const work: HistorySyncWork = {
        ...fake.work,
        async follow(net, accounts, head, asking) {
          holds.push('follow');
          asking();
          return fake.work.follow(net, accounts, head, asking);
        },
      };
      const history = createHistorySync(
        async () => work,
        (net) => {
          holds.push(`hold ${net.id}`);
          return () => holds.push(`release ${net.id}`);
        },
      );
      const pass = history.follow(network('one'), [A, B], block(7n));
      // Taken in the same moment as the ask, before the work has even loaded.
      expect(holds).toEqual(['hold one']);
      await ticks();
      expect(holds).toEqual(['hold one', 'follow', 'release one']);
      await fake.release();
      await pass;
      expect(holds.filter((h) => h.startsWith('hold'))).toHaveLength(1);
    });

    it('runs one pass per network at a time: asks meanwhile make one more, with the accounts asked last and the newest head', async () => {
      const fake = fakeWork();
      const history = createHistorySync(async () => fake.work);
      const first = history.follow(network('one'), [A], block(7n));
      await ticks();
      void history.follow(network('one'), [A, B], block(9n));
      // The person then lets only B be read: A is not named again.
      const next = history.follow(network('one'), [B], block(8n));
      await ticks();
      expect(fake.log).toEqual(['follow one aa @7']);
      await fake.release();
      await first;
      await ticks();
      expect(fake.log.at(-1)).toBe('follow one bb @9');
      await fake.release();
      await next;
      expect(fake.log.filter((line) => line.startsWith('follow '))).toHaveLength(2);
    });

    it('never runs an account’s own sync beside a pass: a pass leaves it out, a Retry waits for the pass', async () => {
      const fake = fakeWork();
      const history = createHistorySync(async () => fake.work);
      const retry = history.request(network('one'), A);
      await ticks();
      const pass = history.follow(network('one'), [A, B], block(7n));
      await ticks();
      // A is busy with its own sync: the pass follows B alone.
      expect(fake.log).toEqual(['sync one aa', 'follow one bb @7']);
      const again = history.request(network('one'), B);
      await fake.release();
      await retry;
      await ticks();
      expect(fake.log.at(-1)).not.toBe('sync one bb');
      await fake.release();
      await pass;
      await ticks();
      expect(fake.log.at(-1)).toBe('sync one bb');
      await fake.release();
      await again;
    });

    it('syncs the accounts a pass left behind together, in one sync, each with its own outcome', async () => {
      const fake = fakeWork();
      const C = '0x00000000000000000000000000000000000000cc' as Address;
      const history = createHistorySync(async () => fake.work);
      fake.set({ behind: [A, B, C] });
      const pass = history.follow(network('one'), [A, B, C], block(7n));
      await ticks();
      await fake.release();
      await pass;
      await ticks();
      // One sync for the three, not three syncs each reading every block.
      expect(fake.log.filter((line) => line.startsWith('sync '))).toEqual(['sync one aa+bb+cc']);
      for (const account of [A, B, C])
        expect(history.status.getState().byKey[syncStatusKey('one', account)]).toMatchObject({ running: true });
      await fake.release();
      await ticks();
      for (const account of [A, B, C])
        expect(history.status.getState().byKey[syncStatusKey('one', account)]).toMatchObject({
          running: false,
          syncedTo: 100n,
        });
    });

    it('syncs an account too far behind on its own once the pass has ended, and keeps a failure per account', async () => {
      const fake = fakeWork();
      const history = createHistorySync(async () => fake.work);
      fake.set({ behind: [B] });
      const pass = history.follow(network('one'), [A, B], block(7n));
      await ticks();
      await fake.release();
      await pass;
      await ticks();
      expect(fake.log).toContain('sync one bb');
      await fake.release();
      await ticks();
      expect(history.status.getState().byKey[syncStatusKey('one', B)]).toMatchObject({
        running: false,
        syncedTo: 100n,
      });
      const failure = new Error('node down');
      fake.set({ behind: [], failSync: failure });
      const failed = history.follow(network('one'), [A], block(8n));
      await ticks();
      await fake.release();
      await failed;
      expect(history.status.getState().byKey[syncStatusKey('one', A)]).toMatchObject({
        running: false,
        error: failure,
      });
    });
  });
});
