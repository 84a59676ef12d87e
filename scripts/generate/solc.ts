// Compiles one of Cairn's own contracts (a single-file source in src/) with solc from npm, with
// the settings every one of them uses. The generators of their modules (simulator.ts,
// safeReader.ts, passkeyDelegate.ts) and the tests that keep those modules in step share it. A
// source may import audited libraries from npm (`@openzeppelin/contracts/...`): they are read
// from node_modules, at the exact version package.json pins. An audited contract Cairn deploys as
// it is (OpenZeppelin's ERC7913WebAuthnVerifier) is compiled from that source alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Abi, Hex } from 'viem';

/**
 * Paris (no PUSH0, no transient storage): the contracts run on any node, also on chains that have
 * not taken Shanghai or Cancun. No metadata: the code depends only on the source and these settings.
 * A contract only EIP-7702 chains run (all past Cancun) may ask for Cancun (`evmVersion`).
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

export type CompileOptions = { evmVersion?: 'paris' | 'cancun' };

/** Compiles `contract` from the source file at `path`; throws on any error or warning. */
export function compileCairnContract(path: string, contract: string, options: CompileOptions = {}): CompiledContract {
  const file = basename(path);
  return compile(file, readFileSync(path, 'utf8'), contract, options);
}

/**
 * Compiles `contract` from an audited library's own source, `@scope/package/path.sol` (read from
 * node_modules at the pinned version), unchanged and under its package path, so its relative
 * imports resolve inside the package. Throws on any error or warning.
 */
export function compilePackageContract(path: string, contract: string, options: CompileOptions = {}): CompiledContract {
  const source = readPackageSource(path);
  if ('error' in source) throw new Error(source.error);
  return compile(path, source.contents, contract, options);
}

function compile(file: string, content: string, contract: string, options: CompileOptions): CompiledContract {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as {
    compile(input: string, callbacks?: { import(path: string): { contents: string } | { error: string } }): string;
    version(): string;
  };
  const sources = { [file]: { content } };
  const settings = {
    ...SETTINGS,
    ...(options.evmVersion ? { evmVersion: options.evmVersion } : {}),
    outputSelection: { '*': { [contract]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  };
  const input = JSON.stringify({ language: 'Solidity', sources, settings });
  const output = JSON.parse(solc.compile(input, { import: (path) => readPackageSource(path) })) as SolcOutput;
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

/** A source imported from an npm package, as `@scope/package/path.sol`; only scoped packages. */
function readPackageSource(path: string): { contents: string } | { error: string } {
  const match = /^(@[^/]+\/[^/]+)\/(.+\.sol)$/.exec(path);
  if (!match?.[1] || !match[2]) return { error: `not a package source: ${path}` };
  try {
    const root = dirname(createRequire(import.meta.url).resolve(`${match[1]}/package.json`));
    return { contents: readFileSync(join(root, match[2]), 'utf8') };
  } catch (error) {
    return { error: `cannot read ${path}: ${(error as Error).message}` };
  }
}
