import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './e2e/support/sequencer.ts';
import { catalogPlugin } from './scripts/build/catalogPlugin.ts';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
/** Catalogs compile as in the build; the tests speak English, as core's words are checked in it. */
const plugins = [catalogPlugin()];
const setupFiles = ['src/testing/englishMessages.ts'];
/**
 * Vitest's default is one worker less than the cores: a single worker on CI's 2 cores, where two
 * ran the unit tests in 64 s instead of 107 s. At least two, then.
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);
/** Each integration worker seeds a chain of its own (a few seconds each, one after another). */
const integrationWorkers = Math.min(maxWorkers, 4);
/**
 * Each e2e worker runs a chain, a server and Chromium. Two workers left the 2 cores idle 13 % of
 * the time (pages waiting on timers, the node, a second's delay before approve): the whole suite
 * took 967 s with two and 781 s with three, using fewer CPU-seconds in all (1,483 against 1,662).
 * CAIRN_E2E_WORKERS overrides it, to measure again.
 */
const e2eWorkers = Number(process.env.CAIRN_E2E_WORKERS ?? 3);

export default defineConfig({
  resolve: { alias },
  test: {
    // The e2e files start longest first (e2e/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        plugins,
        test: {
          name: 'unit',
          maxWorkers,
          setupFiles,
          environment: 'node',
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'devchain/**/*.test.ts',
            'examples/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/*.mocked.test.{ts,tsx}', '**/*.dom.test.{ts,tsx}'],
          // Files share one module graph per worker: loading the same modules anew for each of
          // 150 files took three quarters of the run. Tests that mock a module (vi.mock) would
          // leak it into the files after them: they are *.mocked.test.ts, in the project below.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        plugins,
        test: {
          name: 'unit-mocked',
          maxWorkers,
          setupFiles,
          environment: 'node',
          include: ['{src,scripts,devchain,examples}/**/*.mocked.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        plugins,
        test: {
          // Components and hooks rendered into a document (happy-dom): what they do with real DOM
          // events, observers and focus, below e2e.
          name: 'dom',
          maxWorkers,
          setupFiles,
          environment: 'happy-dom',
          include: ['src/**/*.dom.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        plugins,
        test: {
          name: 'integration',
          // Each worker has its own chain (src/testing/localChainGlobalSetup.ts).
          maxWorkers: integrationWorkers,
          setupFiles,
          environment: 'node',
          include: ['src/**/*.integration.test.ts', 'devchain/**/*.integration.test.ts'],
          globalSetup: ['src/testing/localChainGlobalSetup.ts'],
          // The WebSocket browsers have (the head subscription's tests): global from Node 22, behind
          // this flag in Node 20 (asked only there: later Nodes may not know the flag).
          execArgv: typeof globalThis.WebSocket === 'undefined' ? ['--experimental-websocket'] : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // Specs word expected refusals with core's own code, in English as the pages they check.
        plugins,
        test: {
          name: 'e2e',
          // Each test's pages close when it ends (e2e/support/testPages.ts).
          setupFiles: [...setupFiles, 'e2e/support/testPages.ts'],
          // Files share one module graph per worker (as in the unit project): loading Playwright,
          // viem and the support modules anew took about 70 s of CPU over a run. No spec mocks a
          // module; the one state a later file sees is the worker's demo vault record
          // (e2e/support/demoWallet.ts), copied into each profile that asks for it.
          isolate: false,
          // Flakes met under a full run's load (send's look-alikes, import's keystore: once each,
          // passing alone) get one more try; a test that really breaks fails both.
          retry: 1,
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          // A full run keeps both cores busy: tests of 15 s alone took over 60 s there (addressBook,
          // home, portfolio, settingsSections timed out so in one run).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page answers within a second on a quiet machine, not under a full run on two busy
          // cores: a poll without its own timeout waits up to 15 s (vitest's default is 1 s). Each
          // poll is a round trip through Chromium: every 250 ms, not vitest's 50, spares the cores.
          expect: { poll: { timeout: 15_000, interval: 250 } },
          // Each spec file starts its own server and browser, and takes its worker's chain back to
          // its seeded state (e2e/support/sharedChain.ts).
          maxWorkers: e2eWorkers,
        },
      },
    ],
  },
});
