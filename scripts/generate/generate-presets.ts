// Writes src/core/chain/presetChains.generated.ts from viem/chains, so the app carries only the
// chain data it needs (name, id, currency, RPC and explorer URLs) and none of viem's per-chain
// formatters. A unit test fails when the file no longer matches the installed viem.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderPresetChainsModule } from './presetChains.ts';

const target = fileURLToPath(new URL('../../src/core/chain/presetChains.generated.ts', import.meta.url));
writeFileSync(target, renderPresetChainsModule());
console.log(`wrote ${target}`);
