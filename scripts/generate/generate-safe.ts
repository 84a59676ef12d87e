// Writes src/core/safe/safeDeployments.generated.ts: the code hashes of the Safe singletons, and the
// addresses and code hashes of the Safe contracts Cairn relies on, for Safe 1.3.0, 1.4.1 and 1.5.0,
// from @safe-global/safe-deployments (see safeDeployments.ts). A unit test fails when the committed
// file no longer matches what this renders.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installedVersion, readSafeDeployments, SAFE_MODULE } from './safeDeployments.ts';
import { renderSafeDeploymentsModule } from './safeDeploymentsModule.ts';

installedVersion();
const data = readSafeDeployments();
writeFileSync(SAFE_MODULE, renderSafeDeploymentsModule(data));
// As biome keeps it, so a regenerated file is the one committed.
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', SAFE_MODULE], { stdio: 'ignore' });
console.log(`wrote ${SAFE_MODULE}: ${data.singletons.size} singleton code hashes`);
