// Writes src/core/smartAccount/frameworkCodeHashes.generated.ts: the code hashes of the contracts
// of MetaMask's Delegation Framework v1.3.0 that Cairn relies on, on each chain they are deployed
// on and on Cairn's local chain, computed from the deployment inputs in scripts/generate/delegation/
// (see delegation.ts). A unit test fails when the committed file no longer matches what this computes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computeFrameworkCodes, FRAMEWORK_MODULE } from './delegation.ts';
import { renderFrameworkCodeHashesModule } from './delegationModule.ts';

const started = performance.now();
const codes = await computeFrameworkCodes();
writeFileSync(FRAMEWORK_MODULE, renderFrameworkCodeHashesModule(codes));
// As biome keeps it, so a regenerated file is the one committed.
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', FRAMEWORK_MODULE], { stdio: 'ignore' });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
const counts = Object.entries(codes.hashes).map(
  ([contract, hashes]) => `${contract} ${typeof hashes === 'string' ? 1 : new Set(Object.values(hashes)).size}`,
);
console.log(
  `wrote ${FRAMEWORK_MODULE}: ${codes.chainIds.length} chains and the local chain (${codes.localChainId}) in ${seconds} s; distinct hashes: ${counts.join(', ')}`,
);
