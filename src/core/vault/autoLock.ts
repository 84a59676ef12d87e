export type Timers = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const DEFAULT_AUTO_LOCK_MINUTES = 15;
export const AUTO_LOCK_CHOICES = [1, 5, 15, 30, 60, 240] as const;

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `onIdle` once `minutes` pass without `touch()`. Activity only records a time stamp;
 * the single timer re-arms itself when it fires early, so frequent input costs nothing.
 */
export function createAutoLock(options: { minutes: number; onIdle: () => void; timers?: Timers }) {
  const timers = options.timers ?? browserTimers;
  let minutes = options.minutes;
  let lastActivity = timers.now();
  let handle: unknown;
  let running = false;

  const arm = (delay: number) => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = timers.setTimeout(check, Math.max(0, delay));
  };
  const check = () => {
    handle = undefined;
    if (!running) return;
    const idle = timers.now() - lastActivity;
    const limit = minutes * 60_000;
    if (idle >= limit) {
      running = false;
      options.onIdle();
    } else {
      arm(limit - idle);
    }
  };

  return {
    /** Starts (or restarts) watching from now. */
    start() {
      running = true;
      lastActivity = timers.now();
      arm(minutes * 60_000);
    },
    stop() {
      running = false;
      if (handle !== undefined) timers.clearTimeout(handle);
      handle = undefined;
    },
    touch() {
      lastActivity = timers.now();
    },
    setMinutes(next: number) {
      minutes = next;
      if (running) arm(minutes * 60_000 - (timers.now() - lastActivity));
    },
  };
}
