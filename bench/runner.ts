// Runs bench sections one after another. A section that throws or runs past its limit is reported
// by name, with what it was waiting for, and the run goes on with the next section; the summary
// names the failed ones, and the caller exits non-zero when there are any.
import { duration, pendingWaits, waitsStarted } from './wait.ts';

export type Section = {
  name: string;
  /** The most the whole section may take. */
  limitMs: number;
  /** Measures and gives the section's figures as text. */
  run(): Promise<string>;
};

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

/** Runs `sections` in order, printing each one's figures or failure as it ends; never throws. */
export async function runSections(
  sections: readonly Section[],
  print: (text: string) => void,
  now: () => number = () => performance.now(),
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const section of sections) {
    const start = now();
    const since = waitsStarted();
    const running = Promise.resolve().then(() => section.run());
    // Past its limit the section is left behind; its later failure must not end the run.
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
        outcome = {
          name: section.name,
          ms: now() - start,
          ok: false,
          failure: `ran past its limit of ${duration(section.limitMs)}, ${
            waits.length ? `waiting for ${waits.join(', within that for ')}` : 'in no described wait'
          }`,
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
