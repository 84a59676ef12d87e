// Reads, from @safe-global/safe-deployments (a pinned dev dependency), what Cairn needs to tell a
// genuine Safe from look-alikes, for the Safe versions it supports: the code hash of each singleton
// (Safe and SafeL2, GnosisSafe and GnosisSafeL2 in 1.3.0) under every deployment type, and the
// addresses and code hashes of the contracts a Safe transaction or a new Safe relies on. Refuses
// anything malformed, and a code hash that would name two different singletons.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  getCompatibilityFallbackHandlerDeployments,
  getMultiSendCallOnlyDeployments,
  getProxyFactoryDeployments,
  getSafeL2SingletonDeployments,
  getSafeSingletonDeployments,
  getSignMessageLibDeployments,
  type SingletonDeploymentV2,
} from '@safe-global/safe-deployments';
import { type Address, getAddress, type Hex, isAddress, isHex } from 'viem';
import { isRecord } from '../../src/core/text/guards.ts';

export const DEPLOYMENTS_PACKAGE = '@safe-global/safe-deployments';
/** The pinned release the module is generated from; the generator refuses another. */
export const DEPLOYMENTS_VERSION = '1.37.63';
export const DEPLOYMENTS_LICENSE = 'MIT';

export const SAFE_VERSIONS = ['1.3.0', '1.4.1', '1.5.0'] as const;
export type SafeVersion = (typeof SAFE_VERSIONS)[number];

export const DEPLOYMENT_TYPES = ['canonical', 'eip155', 'zksync'] as const;
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];

/** The contracts listed per version, by the names Cairn uses (1.3.0's factory is GnosisSafeProxyFactory). */
export const SAFE_CONTRACT_NAMES = [
  'MultiSendCallOnly',
  'SignMessageLib',
  'CompatibilityFallbackHandler',
  'SafeProxyFactory',
] as const;
export type SafeContractName = (typeof SAFE_CONTRACT_NAMES)[number];

export const SAFE_MODULE = fileURLToPath(new URL('../../src/core/safe/safeDeployments.generated.ts', import.meta.url));

/** One deployment's facts: an address and the keccak256 of the runtime code there. */
export type Deployment = { address: Address; codeHash: Hex };
export type Deployments = Partial<Record<DeploymentType, Deployment>>;

/** A singleton runtime: which Safe it is, and where it is deployed with that code. */
export type SingletonEntry = { version: SafeVersion; l2: boolean; addresses: Partial<Record<DeploymentType, Address>> };

export type SafeDeploymentData = {
  /** Code hash → singleton, in the order read: by version, the L1 singleton before the L2, types in DEPLOYMENT_TYPES' order. */
  singletons: ReadonlyMap<Hex, SingletonEntry>;
  contracts: Record<SafeVersion, Record<SafeContractName, Deployments>>;
};

/** How the generator reads one contract of one version; tests pass a stand-in. */
export type Reader = (contract: SafeContractName | 'Safe' | 'SafeL2', version: SafeVersion) => unknown;

const ACCESSORS: Record<
  SafeContractName | 'Safe' | 'SafeL2',
  (filter: { version: string }) => SingletonDeploymentV2 | undefined
> = {
  Safe: getSafeSingletonDeployments,
  SafeL2: getSafeL2SingletonDeployments,
  MultiSendCallOnly: getMultiSendCallOnlyDeployments,
  SignMessageLib: getSignMessageLibDeployments,
  CompatibilityFallbackHandler: getCompatibilityFallbackHandlerDeployments,
  SafeProxyFactory: getProxyFactoryDeployments,
};

/** The contract names safe-deployments gives, per Cairn's name: 1.3.0 still said "Gnosis". */
const LISTED_NAMES: Record<SafeContractName | 'Safe' | 'SafeL2', readonly string[]> = {
  Safe: ['Safe', 'GnosisSafe'],
  SafeL2: ['SafeL2', 'GnosisSafeL2'],
  MultiSendCallOnly: ['MultiSendCallOnly'],
  SignMessageLib: ['SignMessageLib'],
  CompatibilityFallbackHandler: ['CompatibilityFallbackHandler'],
  SafeProxyFactory: ['SafeProxyFactory', 'GnosisSafeProxyFactory'],
};

export const readInstalled: Reader = (contract, version) => ACCESSORS[contract]({ version });

function fail(problem: string): never {
  throw new Error(`safe deployments: ${problem}`);
}

/** The installed package's version, which must be the pinned one. */
export function installedVersion(): string {
  const manifest = createRequire(import.meta.url).resolve(`${DEPLOYMENTS_PACKAGE}/package.json`);
  const { version, license } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string; license?: string };
  if (version !== DEPLOYMENTS_VERSION || license !== DEPLOYMENTS_LICENSE)
    fail(
      `expected ${DEPLOYMENTS_PACKAGE}@${DEPLOYMENTS_VERSION} (${DEPLOYMENTS_LICENSE}), found ${version} (${license})`,
    );
  return version;
}

/** One contract's record, checked: its name and version, and each deployment's address and code hash. */
export function parseDeployments(raw: unknown, contract: SafeContractName | 'Safe' | 'SafeL2', version: SafeVersion) {
  const where = `${contract} ${version}`;
  if (!isRecord(raw)) fail(`no ${where}`);
  if (typeof raw.contractName !== 'string' || !LISTED_NAMES[contract].includes(raw.contractName))
    fail(`${where} is listed as ${String(raw.contractName)}`);
  if (raw.version !== version || raw.released !== true) fail(`${where} must be released version ${version}`);
  if (!isRecord(raw.deployments)) fail(`${where} has no deployments`);
  const deployments: Deployments = {};
  for (const [type, value] of Object.entries(raw.deployments)) {
    if (!(DEPLOYMENT_TYPES as readonly string[]).includes(type)) fail(`${where}: unknown deployment type ${type}`);
    if (!isRecord(value)) fail(`${where} ${type} must be an object`);
    const { address, codeHash } = value;
    if (typeof address !== 'string' || !isAddress(address, { strict: false }) || BigInt(address) === 0n)
      fail(`${where} ${type}: ${String(address)} is not an address`);
    if (typeof codeHash !== 'string' || !isHex(codeHash, { strict: true }) || codeHash.length !== 66)
      fail(`${where} ${type}: ${String(codeHash)} is not a 32-byte hash`);
    deployments[type as DeploymentType] = { address: getAddress(address), codeHash: codeHash.toLowerCase() as Hex };
  }
  if (!deployments.canonical) fail(`${where} has no canonical deployment`);
  return deployments;
}

export function readSafeDeployments(read: Reader = readInstalled): SafeDeploymentData {
  const singletons = new Map<Hex, SingletonEntry>();
  const contracts = {} as Record<SafeVersion, Record<SafeContractName, Deployments>>;
  for (const version of SAFE_VERSIONS) {
    for (const singleton of ['Safe', 'SafeL2'] as const) {
      const l2 = singleton === 'SafeL2';
      const deployments = parseDeployments(read(singleton, version), singleton, version);
      for (const type of DEPLOYMENT_TYPES) {
        const deployment = deployments[type];
        if (!deployment) continue;
        const known = singletons.get(deployment.codeHash);
        if (known && (known.version !== version || known.l2 !== l2))
          fail(
            `code hash ${deployment.codeHash} is both ${known.version}${known.l2 ? ' L2' : ''} and ${singleton} ${version}`,
          );
        const entry = known ?? { version, l2, addresses: {} };
        entry.addresses[type] = deployment.address;
        singletons.set(deployment.codeHash, entry);
      }
    }
    contracts[version] = Object.fromEntries(
      SAFE_CONTRACT_NAMES.map((name) => [name, parseDeployments(read(name, version), name, version)]),
    ) as Record<SafeContractName, Deployments>;
  }
  return { singletons, contracts };
}
