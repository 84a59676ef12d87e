// Writes src/core/chain/presetChains.generated.ts from viem/chains, so the app carries only the
// chain data it needs (name, id, currency, RPC and explorer URLs) and none of viem's per-chain
// formatters. A unit test fails when the file no longer matches the installed viem.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderPresetChainsModule } from './presetChains.ts';

const target = fileURLToPath(new URL('../../src/core/chain/presetChains.generated.ts', import.meta.url));
writeFileSync(target, renderPresetChainsModule());
// As biome keeps it, so a regenerated file is the one committed.
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', target], { stdio: 'ignore' });
console.log(`wrote ${target}`);
