// Builds the production bundle once for all end-to-end specs, into e2e/.artifacts/dist so a
// running `npm start` (which serves dist/) is never disturbed, signed with a key made for this
// run, and the sample dApp beside it (e2e/.artifacts/sample-dapp, served by e2e/support/sampleDapp.ts).
import { buildSampleDapp } from '../scripts/serve/example-server.ts';
import { buildCairn, newTestSigningKey } from './support/appBuild.ts';
import { e2eDistDir, e2eSampleDappDir } from './support/paths.ts';

export default async function setup() {
  newTestSigningKey();
  buildCairn(e2eDistDir);
  await buildSampleDapp(e2eSampleDappDir);
}
