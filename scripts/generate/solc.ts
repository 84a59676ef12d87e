// Compiles one of Cairn's own contracts (a single-file source in src/) with solc from npm, with
// the settings every one of them uses. The generators of their modules (simulator.ts,
// safeReader.ts) and the tests that keep those modules in step share it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { Abi, Hex } from 'viem';

/**
 * Paris (no PUSH0, no transient storage): the contracts run on any node, also on chains that have
 * not taken Shanghai or Cancun. No metadata: the code depends only on the source and these settings.
 */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  metadata: { appendCBOR: false, bytecodeHash: 'none' },
};

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

export type CompiledContract = { abi: Abi; creation: Hex; runtime: Hex; solcVersion: string };

/** Compiles `contract` from the source file at `path`; throws on any error or warning. */
export function compileCairnContract(path: string, contract: string): CompiledContract {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const file = basename(path);
  const sources = { [file]: { content: readFileSync(path, 'utf8') } };
  const settings = {
    ...SETTINGS,
    outputSelection: { '*': { [contract]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }))) as SolcOutput;
  const problems = (output.errors ?? []).filter((e) => e.severity !== 'info');
  if (problems.length > 0) {
    throw new Error(`${file} does not compile cleanly:\n${problems.map((e) => e.formattedMessage).join('\n')}`);
  }
  const compiled = output.contracts[file]?.[contract];
  if (!compiled) throw new Error(`solc gave no ${contract} contract`);
  return {
    abi: compiled.abi,
    creation: `0x${compiled.evm.bytecode.object}`,
    runtime: `0x${compiled.evm.deployedBytecode.object}`,
    solcVersion: solc.version(),
  };
}
