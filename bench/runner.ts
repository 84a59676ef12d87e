// Runs bench sections one after another. A section that throws or runs past its limit is reported
// by name, with what it was waiting for, and the run goes on with the next section; the summary
// names the failed ones, and the caller exits non-zero when there are any. A section past its
// limit is aborted, and the next one starts once it has closed what it started (bench/held.ts), or
// after a short grace.
import { duration, pendingWaits, waitsStarted } from './wait.ts';

export type Section = {
  name: string;
  /** The most the whole section may take. */
  limitMs: number;
  /**
   * Measures and gives the section's figures as text. Once `signal` aborts (past the limit), it
   * closes what it started and settles.
   */
  run(signal: AbortSignal): Promise<string>;
};

export type RunnerOptions = {
  now?: () => number;
  /** How long an aborted section may take to close what it started before the next one starts. */
  graceMs?: number;
};

/** A browser, a few servers and a chain close in a second or two. */
export const CLEANUP_GRACE_MS = 10_000;

export type Outcome = { name: string; ms: number } & ({ ok: true; report: string } | { ok: false; failure: string });

const LATE = Symbol('past the limit');

/** Where in the bench an error was thrown: its first stack frame in a section's file, if any. */
function benchFrame(error: Error): string | undefined {
  const frame = error.stack
    ?.split('\n')
    .find((line) => /[/\\]bench[/\\]\w+\.ts:\d+/.test(line) && !/[/\\]bench[/\\](wait|runner)\.ts:/.test(line));
  const place = frame && /[/\\](bench[/\\]\w+\.ts:\d+)/.exec(frame)?.[1];
  return place?.replace(/\\/g, '/');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return `threw ${String(error)}`;
  const place = benchFrame(error);
  return `${error.message}${place ? `\n  (at ${place})` : ''}`;
}

/** Whether `promise` settles within `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `sections` in order, printing each one's figures or failure as it ends; never throws. */
export async function runSections(
  sections: readonly Section[],
  print: (text: string) => void,
  { now = () => performance.now(), graceMs = CLEANUP_GRACE_MS }: RunnerOptions = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const section of sections) {
    const start = now();
    const since = waitsStarted();
    const abort = new AbortController();
    const running = Promise.resolve().then(() => section.run(abort.signal));
    // Past its limit the section is aborted; its failure then must not end the run.
    running.catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), section.limitMs);
    });
    let outcome: Outcome;
    try {
      const result = await Promise.race([running, late]);
      if (result !== LATE) outcome = { name: section.name, ms: now() - start, ok: true, report: result };
      else {
        const waits = pendingWaits(since);
        const ms = now() - start;
        const limit = duration(section.limitMs);
        abort.abort(new Error(`bench section ${section.name} ran past its limit of ${limit}`));
        const cleaned = await settledWithin(running, graceMs);
        outcome = {
          name: section.name,
          ms,
          ok: false,
          failure: `ran past its limit of ${limit}, ${
            waits.length ? `waiting for ${waits.join(', within that for ')}` : 'in no described wait'
          }${cleaned ? '' : `; after its abort it did not close what it started within ${duration(graceMs)}`}`,
        };
      }
    } catch (error) {
      outcome = { name: section.name, ms: now() - start, ok: false, failure: describe(error) };
    } finally {
      clearTimeout(timer);
    }
    print(outcome.ok ? `\n${outcome.report}` : `\nFAILED bench section ${section.name}: ${outcome.failure}`);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** The closing lines: each section's time, then which failed. */
export function summary(outcomes: readonly Outcome[], totalMs: number): string {
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.name);
  const times = outcomes.map((o) => `${o.name} ${duration(o.ms)}${o.ok ? '' : ' (failed)'}`).join(', ');
  return [
    `\nBench: ${outcomes.length} section(s) in ${duration(totalMs)}: ${times}`,
    failed.length
      ? `${failed.length} section(s) FAILED: ${failed.join(', ')}`
      : `all ${outcomes.length} section(s) ran to the end`,
  ].join('\n');
}
