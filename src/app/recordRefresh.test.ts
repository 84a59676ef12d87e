import { describe, expect, it } from 'vitest';
import type { TxRecord } from '@/core/tx/record';
import { BROADCAST_WAIT_MS, recordRefresher } from './recordRefresh';

function fakeTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    set: (run: () => void, ms: number) => {
      pending.set(next, { run, ms });
      return next++;
    },
    clear: (timer: unknown) => void pending.delete(timer as number),
    fire() {
      for (const [id, timer] of pending) {
        pending.delete(id);
        timer.run();
      }
    },
  };
}

const record = (status: TxRecord['status'], lastBroadcastAt?: number) => ({ status, lastBroadcastAt }) as TxRecord;

describe('recordRefresher', () => {
  it('refreshes at once for a record that was broadcast or settled', () => {
    let refreshes = 0;
    const onStored = recordRefresher(() => refreshes++, fakeTimers());
    onStored(record('pending', 1));
    onStored(record('confirmed', 1));
    onStored(record('signed', 1)); // broadcast tried, failed for now
    expect(refreshes).toBe(3);
  });

  it('holds the refresh for a record just signed until its broadcast is stored', () => {
    const timers = fakeTimers();
    let refreshes = 0;
    const onStored = recordRefresher(() => refreshes++, timers);
    onStored(record('signed'));
    expect(refreshes).toBe(0);
    onStored(record('pending', 1));
    expect(refreshes).toBe(1);
    expect(timers.pending.size).toBe(0);
  });

  it('refreshes anyway when no broadcast outcome is stored in time', () => {
    const timers = fakeTimers();
    let refreshes = 0;
    const onStored = recordRefresher(() => refreshes++, timers);
    onStored(record('signed'));
    onStored(record('signed'));
    expect(timers.pending.size).toBe(1);
    expect([...timers.pending.values()][0]?.ms).toBe(BROADCAST_WAIT_MS);
    timers.fire();
    expect(refreshes).toBe(1);
  });
});
