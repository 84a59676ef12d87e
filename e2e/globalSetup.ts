// Builds the production bundle once for all end-to-end specs, into e2e/.artifacts/dist so a
// running `npm start` (which serves dist/) is never disturbed, signed with a key made for this
// run, and the sample dApp beside it (e2e/.artifacts/sample-dapp, served by e2e/support/sampleDapp.ts).
// And starts one seeded chain per worker (e2e/support/sharedChain.ts), seeded while the builds
// run (one after the other they took about 20 s), stopped after the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSampleDapp } from '../scripts/serve/example-server.ts';
import { buildCairn, newTestSigningKey } from './support/appBuild.ts';
import { e2eDistDir, e2eSampleDappDir } from './support/paths.ts';
import { startSharedChains } from './support/sharedChain.ts';

/**
 * Set (to 1) when e2e/.artifacts holds this checkout's builds already: measuring, never on CI.
 * The last run's builds and signing key are then used as they are; nothing checks they are current.
 */
const reuseBuilds = process.env.CAIRN_E2E_REUSE_BUILDS === '1';

export default async function setup(project: TestProject) {
  if (!reuseBuilds) newTestSigningKey();
  const workers = project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 2;
  const chainsDir = mkdtempSync(join(tmpdir(), 'cairn-e2e-chains-'));
  const [chains, built] = await Promise.allSettled([
    startSharedChains(chainsDir, workers),
    (async () => {
      if (reuseBuilds) return;
      await buildCairn(e2eDistDir);
      await buildSampleDapp(e2eSampleDappDir);
    })(),
  ]);
  const stopChains = async () => {
    if (chains.status === 'fulfilled') await chains.value();
    rmSync(chainsDir, { recursive: true, force: true });
  };
  for (const outcome of [chains, built]) {
    if (outcome.status === 'rejected') {
      await stopChains();
      throw outcome.reason;
    }
  }
  project.provide('e2eSharedChains', chainsDir);
  return stopChains;
}
