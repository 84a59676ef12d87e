import { describe, expect, it } from 'vitest';
import { createAutoLock, DEFAULT_AUTO_LOCK_MINUTES, type Timers } from './autoLock';

function fakeTimers() {
  let now = 0;
  let pending: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const timers: Timers = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      pending.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (id) => {
      pending = pending.filter((p) => p.id !== id);
    },
  };
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const due = pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      pending = pending.filter((p) => p !== due);
      now = due.at;
      due.callback();
    }
    now = target;
  };
  return { timers, advance };
}

describe('auto-lock', () => {
  it('is on by default at 15 minutes', () => expect(DEFAULT_AUTO_LOCK_MINUTES).toBe(15));

  it('locks after the idle time, not before', () => {
    const { timers, advance } = fakeTimers();
    let locks = 0;
    const autoLock = createAutoLock({ minutes: 15, onIdle: () => locks++, timers });
    autoLock.start();
    advance(15 * 60_000 - 1);
    expect(locks).toBe(0);
    advance(1);
    expect(locks).toBe(1);
    advance(60 * 60_000);
    expect(locks).toBe(1);
  });

  it('counts idle time from the last activity', () => {
    const { timers, advance } = fakeTimers();
    let locks = 0;
    const autoLock = createAutoLock({ minutes: 1, onIdle: () => locks++, timers });
    autoLock.start();
    advance(50_000);
    autoLock.touch();
    advance(50_000);
    expect(locks).toBe(0);
    advance(10_000);
    expect(locks).toBe(1);
  });

  it('applies a new idle time at once, and stops when asked', () => {
    const { timers, advance } = fakeTimers();
    let locks = 0;
    const autoLock = createAutoLock({ minutes: 15, onIdle: () => locks++, timers });
    autoLock.start();
    advance(2 * 60_000);
    autoLock.setMinutes(1);
    expect(locks).toBe(0);
    advance(1);
    expect(locks).toBe(1);
    autoLock.start();
    autoLock.stop();
    advance(60 * 60_000);
    expect(locks).toBe(1);
  });
});
