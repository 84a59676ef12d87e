// What every bench section is given by `npm run bench` (bench/run.ts).

export type BenchRun = {
  /** The built app. */
  appDir: string;
  /** The bare React page built by the same toolchain (bench/baseline). */
  baselineDir: string;
  /**
   * `--smoke`: each section once, at small sizes, to show that it still works from start to end
   * (`npm test` runs it); its figures mean nothing.
   */
  smoke: boolean;
};

// 30 alternating runs: on a busy 2-core machine single loads vary by ±30 %, and 15 left the median
// ratio moving by ±0.1 between runs of the same build.
/** Runs of the sections that alternate Cairn with a bare page (first-screen, warm-start, signed-start). */
export const ALTERNATING_RUNS = Number(process.env.BENCH_RUNS ?? 30);

/** `full` in a full run, `smoke` in a smoke run. */
export const sized = <T>(run: BenchRun, full: T, smoke: T): T => (run.smoke ? smoke : full);
