// Writes src/core/safe/reader/safeReaderCode.generated.ts from SafeReader.sol. A unit test fails
// when the committed module no longer matches a fresh compilation.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSafeReaderModule, SAFE_READER_MODULE } from './safeReader.ts';

writeFileSync(SAFE_READER_MODULE, renderSafeReaderModule());
const root = fileURLToPath(new URL('../..', import.meta.url));
execFileSync(
  process.execPath,
  [`${root}node_modules/@biomejs/biome/bin/biome`, 'format', '--write', SAFE_READER_MODULE],
  {
    stdio: 'inherit',
  },
);
console.log(`wrote ${SAFE_READER_MODULE}`);
