// TanStack Query's clock, scripted, for tests of the head query against a real node: its polls
// (refetchInterval) and the head's own timers run when the test moves time on, and Date.now
// follows; the node, the sockets and the HTTP requests stay real.
import { environmentManager, type TimeoutCallback, timeoutManager } from '@tanstack/react-query';
import { vi } from 'vitest';

export class ScriptedTimers {
  now = 0;
  #next = 1;
  #timers = new Map<number, { at: number; every: number | undefined; run: TimeoutCallback }>();

  /** `start`: the wall-clock time (ms) Date.now gives at the script's time 0. */
  constructor(readonly start: number) {}

  setTimeout = (run: TimeoutCallback, delay: number) => this.#add(run, delay, undefined);
  setInterval = (run: TimeoutCallback, delay: number) => this.#add(run, delay, delay);
  clearTimeout = (id: number | undefined) => void (id !== undefined && this.#timers.delete(id));
  clearInterval = (id: number | undefined) => void (id !== undefined && this.#timers.delete(id));
  #add(run: TimeoutCallback, delay: number, every: number | undefined): number {
    const id = this.#next++;
    this.#timers.set(id, { at: this.now + Math.max(0, delay), every, run });
    return id;
  }

  /** Moves to `to`, running the timers due on the way, each at its time. */
  runUntil(to: number): void {
    for (;;) {
      const due = [...this.#timers.entries()].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.now = timer.at;
      vi.setSystemTime(this.start + this.now);
      if (timer.every === undefined) this.#timers.delete(id);
      else timer.at += Math.max(1, timer.every);
      timer.run();
    }
    this.now = to;
    vi.setSystemTime(this.start + this.now);
  }
}

/**
 * Scripted timers for every query made after this call, run as in a browser window (in Node,
 * TanStack Query takes itself for a server and schedules no polls). Date.now is faked from the
 * test's beforeAll (vi.useFakeTimers({ toFake: ['Date'] })).
 */
export function scriptQueryTimers(start = Date.now()): ScriptedTimers {
  const timers = new ScriptedTimers(start);
  timeoutManager.setTimeoutProvider(timers);
  environmentManager.setIsServer(() => false);
  return timers;
}
