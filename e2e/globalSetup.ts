// Builds the production bundle once for all end-to-end specs, into e2e/.artifacts/dist so a
// running `npm start` (which serves dist/) is never disturbed, signed with a key made for this
// run, and the sample dApp beside it (e2e/.artifacts/sample-dapp, served by e2e/support/sampleDapp.ts).
// Then starts one seeded chain per worker (e2e/support/sharedChain.ts), stopped after the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSampleDapp } from '../scripts/serve/example-server.ts';
import { buildCairn, newTestSigningKey } from './support/appBuild.ts';
import { e2eDistDir, e2eSampleDappDir } from './support/paths.ts';
import { startSharedChains } from './support/sharedChain.ts';

export default async function setup(project: TestProject) {
  newTestSigningKey();
  buildCairn(e2eDistDir);
  await buildSampleDapp(e2eSampleDappDir);

  const workers = project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 2;
  const chainsDir = mkdtempSync(join(tmpdir(), 'cairn-e2e-chains-'));
  const stopChains = await startSharedChains(chainsDir, workers);
  project.provide('e2eSharedChains', chainsDir);
  return async () => {
    await stopChains();
    rmSync(chainsDir, { recursive: true, force: true });
  };
}
