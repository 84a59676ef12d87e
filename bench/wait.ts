// Every wait of a bench has a limit and says what it waits for: a bench that a change of the app
// broke fails within its limit, naming its section and the thing it waited for, instead of hanging.

/** The described waits under way, oldest first: what a section overrunning its limit was waiting for. */
const pending: { what: string; started: number }[] = [];
let started = 0;

/** The limit of a wait for a page to show something (Playwright's own default). */
export const PAGE_WAIT_MS = 30_000;

export class WaitTimeout extends Error {
  override name = 'WaitTimeout';
}

/** "250 ms", "1.5 s", "300 s". */
export const duration = (ms: number) =>
  ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;

/** Waits for `work`, at most `limitMs`; past that, rejects with a WaitTimeout saying "waited … for `what`". */
export async function within<T>(what: string, limitMs: number, work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const entry = { what, started: started++ };
  pending.push(entry);
  // Made here, so that its stack shows the bench line that waited.
  const timeout = new WaitTimeout(`waited ${duration(limitMs)} for ${what}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeout), limitMs);
  });
  try {
    return await Promise.race([typeof work === 'function' ? work() : work, late]);
  } finally {
    clearTimeout(timer);
    pending.splice(pending.indexOf(entry), 1);
  }
}

/** Asks `check` every `everyMs` until it answers true, at most `limitMs` (see within). */
export function until(what: string, limitMs: number, check: () => Promise<boolean>, everyMs = 100): Promise<void> {
  let stopped = false;
  const poll = async () => {
    while (!stopped && !(await check())) await new Promise((resolve) => setTimeout(resolve, everyMs));
  };
  return within(what, limitMs, poll).finally(() => {
    stopped = true;
  });
}

/** A point in the sequence of waits: pendingWaits(since) leaves out the waits started before it. */
export function waitsStarted(): number {
  return started;
}

/** What the waits under way (started at or after `since`) are waiting for, oldest first. */
export function pendingWaits(since = 0): string[] {
  return pending.filter((entry) => entry.started >= since).map((entry) => entry.what);
}
