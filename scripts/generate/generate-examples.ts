// Writes src/core/contracts/exampleAbis/*.generated.ts from the compiled demo contracts, so the
// Contracts screen carries the seeded contracts' ABIs as typed consts. A unit test fails when the
// file no longer matches the compiler's output.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderExampleAbiModules } from '../../devchain/exampleAbis.ts';

const dir = fileURLToPath(new URL('../../src/core/contracts/exampleAbis', import.meta.url));
mkdirSync(dir, { recursive: true });
const files = Object.entries(renderExampleAbiModules()).map(([name, text]) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
});
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', ...files], { stdio: 'ignore' });
console.log(`wrote ${files.join(', ')}`);
