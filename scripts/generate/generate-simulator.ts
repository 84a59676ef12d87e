// Writes src/core/simulation/simulator/simulatorCode.generated.ts from Simulator.sol. A unit test
// fails when the committed module no longer matches a fresh compilation.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSimulatorModule, SIMULATOR_MODULE } from './simulator.ts';

writeFileSync(SIMULATOR_MODULE, renderSimulatorModule());
const root = fileURLToPath(new URL('../..', import.meta.url));
execFileSync(
  process.execPath,
  [`${root}node_modules/@biomejs/biome/bin/biome`, 'format', '--write', SIMULATOR_MODULE],
  {
    stdio: 'inherit',
  },
);
console.log(`wrote ${SIMULATOR_MODULE}`);
