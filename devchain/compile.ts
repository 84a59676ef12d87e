// Compiles the demo contracts with solc from npm (its compiler is bundled: no download).
// The output is cached under devchain/.cache keyed by the sources and settings, so only the
// first start after a contract change pays for compilation.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = join(here, 'contracts');
const cacheDir = join(here, '.cache');

/** `bytecode` deploys the contract; `deployedBytecode` is its runtime code (immutables left as zeros). */
export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
export type CompiledContracts = Record<string, CompiledContract>;

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

export function compileContracts(): CompiledContracts {
  const files = readdirSync(contractsDir)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  const sources = Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(contractsDir, f), 'utf8') }]));
  const require = createRequire(import.meta.url);
  const solcVersion: string = require('solc/package.json').version;
  const key = createHash('sha256')
    .update(JSON.stringify({ sources, settings, solcVersion }))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = join(cacheDir, `contracts-${key}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledContracts;

  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const compiled: CompiledContracts = {};
  for (const contracts of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(contracts)) {
      compiled[name] = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(compiled));
  return compiled;
}
