// Where an e2e file's time goes: with CAIRN_E2E_TIMINGS set to a file, each environment appends
// one JSON line there when it closes, with the spec file and the milliseconds each phase took
// (chain start, seed or reset, server, browser, close). Off by default: nothing is written.
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';

export type PhaseTimer = {
  /** Runs `step`, adding the time it took to `phase`. */
  time<T>(phase: string, step: () => Promise<T>): Promise<T>;
  /** Appends the phases to the timings file (if asked for). */
  write(): void;
};

export function phaseTimer(): PhaseTimer {
  const phases: Record<string, number> = {};
  return {
    async time(phase, step) {
      const started = performance.now();
      try {
        return await step();
      } finally {
        phases[phase] = Math.round((phases[phase] ?? 0) + performance.now() - started);
      }
    },
    write() {
      const file = process.env.CAIRN_E2E_TIMINGS;
      if (!file) return;
      const spec = expect.getState().testPath ?? 'unknown';
      appendFileSync(file, `${JSON.stringify({ spec, ...phases })}\n`);
    },
  };
}
