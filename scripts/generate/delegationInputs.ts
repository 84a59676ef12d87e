// The deployment inputs of MetaMask's Delegation Framework v1.3.0 that Cairn relies on (the EIP-7702
// delegator, its DelegationManager, the caveat enforcers of sponsored batches): MetaMask's CREATE2
// broadcasts, kept as data in scripts/generate/delegation/ (see README.md there), read and checked
// here. The generator runs them in an in-process EVM (delegation.ts); the local chain's seed sends
// them through the deterministic deployer (devchain/delegation.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import {
  type Address,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  isAddress,
  isHex,
  size,
  slice,
} from 'viem';
import { isRecord } from '../../src/core/text/guards.ts';

/** The release of @metamask/delegation-deployments whose chain list is used (a pinned devDependency). */
export const DEPLOYMENTS_PACKAGE = '@metamask/delegation-deployments@2.0.0';
export const RELEASE = '1.3.0';

/**
 * The contracts whose code is hashed, by the names src/core/smartAccount/delegates.ts gives them:
 * the deployment file, the contract's name there, and its name in DELEGATOR_CONTRACTS.
 */
export const FRAMEWORK_CONTRACTS = {
  delegator: {
    file: 'eip7702-stateless-delegator-1.3.0.json',
    contractName: 'EIP7702StatelessDeleGator',
    listedAs: 'EIP7702StatelessDeleGatorImpl',
  },
  delegationManager: {
    file: 'delegation-manager-1.3.0.json',
    contractName: 'DelegationManager',
    listedAs: 'DelegationManager',
  },
  exactExecutionBatchEnforcer: {
    file: 'exact-execution-batch-enforcer-1.3.0.json',
    contractName: 'ExactExecutionBatchEnforcer',
    listedAs: 'ExactExecutionBatchEnforcer',
  },
  timestampEnforcer: {
    file: 'timestamp-enforcer-1.3.0.json',
    contractName: 'TimestampEnforcer',
    listedAs: 'TimestampEnforcer',
  },
  limitedCallsEnforcer: {
    file: 'limited-calls-enforcer-1.3.0.json',
    contractName: 'LimitedCallsEnforcer',
    listedAs: 'LimitedCallsEnforcer',
  },
} as const;
export type FrameworkContract = keyof typeof FRAMEWORK_CONTRACTS;
export const FRAMEWORK_CONTRACT_KEYS = Object.keys(FRAMEWORK_CONTRACTS) as FrameworkContract[];

export const deploymentFile = (contract: FrameworkContract): string =>
  fileURLToPath(new URL(`./delegation/${FRAMEWORK_CONTRACTS[contract].file}`, import.meta.url));

/** One contract's CREATE2 deployment, as MetaMask broadcast it, checked. */
export type FrameworkDeployment = {
  contract: FrameworkContract;
  contractName: string;
  version: string;
  deployer: Address;
  contractAddress: Address;
  /** The constructor's arguments, all addresses (the delegator's manager and EntryPoint, the manager's owner). */
  arguments: readonly Address[];
  broadcastChainIds: readonly number[];
  salt: Hex;
  initCode: Hex;
};
export type FrameworkDeployments = Readonly<Record<FrameworkContract, FrameworkDeployment>>;

function fail(problem: string): never {
  throw new Error(`delegation deployments: ${problem}`);
}

function address(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) fail(`${what} is not an address`);
  return getAddress(value);
}

/**
 * A deployment file's facts, checked: the input is the 32-byte salt then the init code, which ends
 * with the ABI-encoded constructor arguments, and CREATE2 from the deployer with them gives the address.
 */
export function parseDeployment(raw: unknown, contract: FrameworkContract): FrameworkDeployment {
  const { contractName: expectedName } = FRAMEWORK_CONTRACTS[contract];
  if (!isRecord(raw)) fail(`${expectedName} must be an object`);
  const { contractName, version, input, broadcastChainIds } = raw;
  if (contractName !== expectedName || version !== RELEASE) fail(`must be ${expectedName} ${RELEASE}`);
  const deployer = address(raw.deployer, `${contractName}'s deployer`);
  const contractAddress = address(raw.contractAddress, `${contractName}'s contractAddress`);
  if (!Array.isArray(raw.arguments)) fail(`${contractName} needs its constructor arguments (a list)`);
  const args = raw.arguments.map((value, i) => address(value, `${contractName}'s arguments[${i}]`));
  if (
    !Array.isArray(broadcastChainIds) ||
    !broadcastChainIds.every((id): id is number => Number.isSafeInteger(id) && id > 0)
  ) {
    fail(`${contractName}'s broadcastChainIds must be a list of chain ids`);
  }
  if (typeof input !== 'string' || !isHex(input, { strict: true }) || size(input) <= 32) {
    fail(`${contractName}'s input must be hex: the salt, then the init code`);
  }
  const salt = slice(input, 0, 32);
  const initCode = slice(input, 32);
  const encodedArguments = encodeAbiParameters(
    args.map(() => ({ type: 'address' })),
    args,
  );
  if (!initCode.toLowerCase().endsWith(encodedArguments.slice(2).toLowerCase())) {
    fail(`${contractName}'s init code does not end with the constructor arguments`);
  }
  const created = getContractAddress({ opcode: 'CREATE2', from: deployer, salt, bytecode: initCode });
  if (created !== contractAddress)
    fail(`CREATE2 with ${contractName}'s input creates ${created}, not ${contractAddress}`);
  return {
    contract,
    contractName: expectedName,
    version: RELEASE,
    deployer,
    contractAddress,
    arguments: args,
    broadcastChainIds,
    salt,
    initCode,
  };
}

export const readDeployment = (contract: FrameworkContract): FrameworkDeployment =>
  parseDeployment(JSON.parse(readFileSync(deploymentFile(contract), 'utf8')), contract);

export const readDeployments = (): FrameworkDeployments =>
  Object.fromEntries(FRAMEWORK_CONTRACT_KEYS.map((contract) => [contract, readDeployment(contract)])) as Record<
    FrameworkContract,
    FrameworkDeployment
  >;

/** A chain's entry in DELEGATOR_CONTRACTS: its contract names and addresses. */
type ChainContracts = Readonly<Record<string, string>>;

/** DELEGATOR_CONTRACTS['1.3.0']: chain id → the release's contracts there. */
export function releaseContracts(): Readonly<Record<string, ChainContracts>> {
  const contracts = DELEGATOR_CONTRACTS[RELEASE];
  if (contracts === undefined) fail(`${DEPLOYMENTS_PACKAGE} has no DELEGATOR_CONTRACTS['${RELEASE}']`);
  return contracts;
}

/**
 * The chain ids DELEGATOR_CONTRACTS lists the release on, ascending. Each must list every contract
 * at its deployment's address, and the EntryPoint the delegator's constructor was given; the
 * delegator's DelegationManager must be the manager deployed here. Both are immutables of its runtime.
 */
export function deploymentChainIds(
  deployments: FrameworkDeployments,
  contracts: Readonly<Record<string, ChainContracts>> = releaseContracts(),
): number[] {
  const [manager, entryPoint] = deployments.delegator.arguments;
  if (manager !== deployments.delegationManager.contractAddress)
    fail(
      `the delegator was built for the DelegationManager ${manager}, not ${deployments.delegationManager.contractAddress}`,
    );
  if (entryPoint === undefined) fail('the delegator needs its EntryPoint argument');
  const expected: Record<string, Address> = { EntryPoint: entryPoint };
  for (const contract of FRAMEWORK_CONTRACT_KEYS)
    expected[FRAMEWORK_CONTRACTS[contract].listedAs] = deployments[contract].contractAddress;
  const ids = Object.keys(contracts)
    .map(Number)
    .sort((a, b) => a - b);
  for (const id of ids) {
    const chain = contracts[id] ?? {};
    for (const [name, value] of Object.entries(expected)) {
      if (chain[name] !== value)
        fail(`${DEPLOYMENTS_PACKAGE} lists ${name} ${chain[name]} on chain ${id}, not ${value}`);
    }
  }
  return ids;
}
