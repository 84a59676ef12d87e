// Writes src/core/smartAccount/delegatorCodeHashes.generated.ts: the code hash of MetaMask's
// EIP7702StatelessDeleGator v1.3.0 on each chain it is deployed on, computed from the deployment
// input in scripts/generate/delegation/ (see delegation.ts). A unit test fails when the committed
// file no longer matches what this computes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computeDelegatorCodes, DELEGATOR_MODULE, renderDelegatorCodeHashesModule } from './delegation.ts';

const started = performance.now();
const codes = await computeDelegatorCodes();
writeFileSync(DELEGATOR_MODULE, renderDelegatorCodeHashesModule(codes));
// As biome keeps it, so a regenerated file is the one committed.
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', DELEGATOR_MODULE], { stdio: 'ignore' });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(`wrote ${DELEGATOR_MODULE}: ${codes.runtimes.size} chains in ${seconds} s`);
