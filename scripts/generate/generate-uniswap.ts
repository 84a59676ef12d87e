// Writes src/core/chain/uniswapDeployments.generated.ts from the Uniswap deployment facts in
// scripts/generate/uniswap/ (read from Uniswap's npm tarballs; see SOURCES.md there). A unit test
// fails when the file no longer matches those facts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderUniswapDeploymentsModule } from './uniswapDeployments.ts';

const target = fileURLToPath(new URL('../../src/core/chain/uniswapDeployments.generated.ts', import.meta.url));
writeFileSync(target, renderUniswapDeploymentsModule());
// As biome keeps it, so a regenerated file is the one committed.
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', target], { stdio: 'ignore' });
console.log(`wrote ${target}`);
