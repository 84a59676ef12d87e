// Builds the production bundle once for all end-to-end specs, into e2e/.artifacts/dist so a
// running `npm start` (which serves dist/) is never disturbed, and the sample dApp beside it
// (e2e/.artifacts/sample-dapp, served by e2e/support/sampleDapp.ts). The builds run in their own
// processes with NODE_ENV=production: inside Vitest NODE_ENV is "test", which would bundle
// React's development build.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildSampleDapp } from '../scripts/example-server.ts';
import { e2eDistDir, e2eSampleDappDir, projectRoot } from './support/paths.ts';

export default async function setup() {
  const viteBin = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [viteBin, 'build', '--outDir', e2eDistDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  await buildSampleDapp(e2eSampleDappDir);
}
