// Computes the code hash of MetaMask's EIP7702StatelessDeleGator v1.3.0 on every chain that
// @metamask/delegation-deployments lists it on, and renders
// src/core/smartAccount/delegatorCodeHashes.generated.ts. The deployment input is data in
// scripts/generate/delegation/ (see README.md there). It is run in an in-process EVM: EDR, the
// engine of the Hardhat devDependency. There are as many runs as chains, and the whole lot takes
// about a tenth of a second. Per chain the runtime differs only in the two immutables its
// constructor reads from the chain: the chain id and OpenZeppelin EIP712's cached domain separator.
// @nomicfoundation/edr is Hardhat's own dependency (hardhat 2.29.1 pins 0.12.0-next.23), not ours.
// Its API may change when Hardhat is upgraded; the unit test would then fail here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import {
  ContractDecoder,
  EdrContext,
  GENERIC_CHAIN_TYPE,
  genericChainProviderFactory,
  MineOrdering,
  PRAGUE,
} from '@nomicfoundation/edr';
import {
  type Address,
  concat,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  hexToBytes,
  isAddress,
  isHex,
  keccak256,
  size,
  slice,
  toHex,
} from 'viem';
import { isRecord } from '../../src/core/text/guards.ts';

export const DEPLOYMENT_FILE = fileURLToPath(
  new URL('./delegation/eip7702-stateless-delegator-1.3.0.json', import.meta.url),
);
export const DELEGATOR_MODULE = fileURLToPath(
  new URL('../../src/core/smartAccount/delegatorCodeHashes.generated.ts', import.meta.url),
);
/** The release of @metamask/delegation-deployments whose chain list is used (a pinned devDependency). */
const DEPLOYMENTS_PACKAGE = '@metamask/delegation-deployments@2.0.0';

/** The CREATE2 deployment of the delegator, as MetaMask broadcast it, checked. */
export type DelegatorDeployment = {
  contractName: string;
  version: string;
  deployer: Address;
  contractAddress: Address;
  delegationManager: Address;
  entryPoint: Address;
  broadcastChainIds: readonly number[];
  salt: Hex;
  initCode: Hex;
};

function fail(problem: string): never {
  throw new Error(`delegator deployment: ${problem}`);
}

function address(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) fail(`${what} is not an address`);
  return getAddress(value);
}

/**
 * The deployment file's facts, checked: the input is the 32-byte salt then the init code, which ends
 * with the ABI-encoded constructor arguments, and CREATE2 from the deployer with them gives the address.
 */
export function parseDeployment(raw: unknown): DelegatorDeployment {
  if (!isRecord(raw)) fail('must be an object');
  const { contractName, version, input, broadcastChainIds } = raw;
  if (contractName !== 'EIP7702StatelessDeleGator' || version !== '1.3.0') {
    fail('must be EIP7702StatelessDeleGator 1.3.0');
  }
  const deployer = address(raw.deployer, 'deployer');
  const contractAddress = address(raw.contractAddress, 'contractAddress');
  if (!Array.isArray(raw.arguments) || raw.arguments.length !== 2) fail('needs the two constructor arguments');
  const delegationManager = address(raw.arguments[0], 'arguments[0] (the DelegationManager)');
  const entryPoint = address(raw.arguments[1], 'arguments[1] (the EntryPoint)');
  if (
    !Array.isArray(broadcastChainIds) ||
    !broadcastChainIds.every((id): id is number => Number.isSafeInteger(id) && id > 0)
  ) {
    fail('broadcastChainIds must be a list of chain ids');
  }
  if (typeof input !== 'string' || !isHex(input, { strict: true }) || size(input) <= 32) {
    fail('input must be hex: the salt, then the init code');
  }
  const salt = slice(input, 0, 32);
  const initCode = slice(input, 32);
  const encodedArguments = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }],
    [delegationManager, entryPoint],
  );
  if (!initCode.toLowerCase().endsWith(encodedArguments.slice(2).toLowerCase())) {
    fail('the init code does not end with the constructor arguments');
  }
  const created = getContractAddress({ opcode: 'CREATE2', from: deployer, salt, bytecode: initCode });
  if (created !== contractAddress) fail(`CREATE2 with this input creates ${created}, not ${contractAddress}`);
  return {
    contractName,
    version,
    deployer,
    contractAddress,
    delegationManager,
    entryPoint,
    broadcastChainIds,
    salt,
    initCode,
  };
}

export const readDeployment = (): DelegatorDeployment =>
  parseDeployment(JSON.parse(readFileSync(DEPLOYMENT_FILE, 'utf8')));

/** A chain's entry in DELEGATOR_CONTRACTS: its contract names and addresses. */
type ChainContracts = Readonly<Record<string, string>>;

/** DELEGATOR_CONTRACTS['1.3.0']: chain id → the release's contracts there. */
export function releaseContracts(): Readonly<Record<string, ChainContracts>> {
  const contracts = DELEGATOR_CONTRACTS['1.3.0'];
  if (contracts === undefined) fail(`${DEPLOYMENTS_PACKAGE} has no DELEGATOR_CONTRACTS['1.3.0']`);
  return contracts;
}

/**
 * The chain ids DELEGATOR_CONTRACTS lists the release on, ascending. Each must list the delegator at the
 * deployment's address, and the DelegationManager and EntryPoint its constructor was given: they are
 * immutables of the runtime too.
 */
export function deploymentChainIds(
  deployment: DelegatorDeployment,
  contracts: Readonly<Record<string, ChainContracts>> = releaseContracts(),
): number[] {
  const ids = Object.keys(contracts)
    .map(Number)
    .sort((a, b) => a - b);
  for (const id of ids) {
    const chain = contracts[id] ?? {};
    const expected = {
      EIP7702StatelessDeleGatorImpl: deployment.contractAddress,
      DelegationManager: deployment.delegationManager,
      EntryPoint: deployment.entryPoint,
    };
    for (const [name, value] of Object.entries(expected)) {
      if (chain[name] !== value)
        fail(`${DEPLOYMENTS_PACKAGE} lists ${name} ${chain[name]} on chain ${id}, not ${value}`);
    }
  }
  return ids;
}

/**
 * Stands in for the deterministic deployer at its address. Like it, it takes a 32-byte salt and then
 * init code, and creates the contract with CREATE2. Unlike it, it answers with the new contract's
 * code rather than its address, so one eth_call gives the runtime. Assembled by hand (no PUSH0).
 */
const FACTORY_CODE = concat([
  '0x36', //        CALLDATASIZE
  '0x602090', //    PUSH1 32, SWAP1
  '0x03', //        SUB                  n = the init code's length
  '0x80', //        DUP1
  '0x60206000', //  PUSH1 32, PUSH1 0
  '0x37', //        CALLDATACOPY         memory[0, n) = the init code
  '0x600035', //    PUSH1 0, CALLDATALOAD: the salt
  '0x90', //        SWAP1
  '0x600034', //    PUSH1 0, CALLVALUE
  '0xf5', //        CREATE2(value, 0, n, salt): the new address, or 0
  '0x803b', //      DUP1, EXTCODESIZE
  '0x80', //        DUP1
  '0x60006000', //  PUSH1 0, PUSH1 0
  '0x84', //        DUP5: the new address
  '0x3c', //        EXTCODECOPY          memory[0, size) = its code
  '0x6000f3', //    PUSH1 0, RETURN      that code (empty if CREATE2 failed)
]);

let edrContext: Promise<EdrContext> | undefined;
/** EDR allows one context per process; it is made on first use. */
function context(): Promise<EdrContext> {
  edrContext ??= (async () => {
    const created = new EdrContext();
    await created.registerProviderFactory(GENERIC_CHAIN_TYPE, genericChainProviderFactory());
    return created;
  })();
  return edrContext;
}

/** The runtime code the deployment leaves at its address on a chain with this id. */
export async function runtimeOn(chainId: number, deployment: DelegatorDeployment): Promise<Hex> {
  const provider = await (await context()).createProvider(
    GENERIC_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: false,
      bailOnTransactionFailure: false,
      blockGasLimit: 30_000_000n,
      chainId: BigInt(chainId),
      coinbase: new Uint8Array(20),
      genesisState: [{ address: hexToBytes(deployment.deployer), code: hexToBytes(FACTORY_CODE) }],
      // The contract is compiled for London (foundry.toml); any later hardfork runs it alike.
      hardfork: PRAGUE,
      initialBaseFeePerGas: 0n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: MineOrdering.Priority } },
      networkId: BigInt(chainId),
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    ContractDecoder.withContracts({}),
  );
  const call = {
    to: deployment.deployer,
    data: concat([deployment.salt, deployment.initCode]),
    gas: toHex(10_000_000),
  };
  const response = await provider.handleRequest(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [call, 'latest'] }),
  );
  const answer: unknown = typeof response.data === 'string' ? JSON.parse(response.data) : response.data;
  const result = isRecord(answer) ? answer.result : undefined;
  if (typeof result !== 'string' || !isHex(result) || size(result) === 0) {
    fail(`the init code created nothing on chain ${chainId}: ${JSON.stringify(answer)}`);
  }
  return result;
}

/** What the generated module is made of. */
export type DelegatorCodes = {
  deployment: DelegatorDeployment;
  /** Chain id → runtime code, ascending by chain id. */
  runtimes: ReadonlyMap<number, Hex>;
  /** Chain id → keccak256 of the runtime. */
  hashes: Readonly<Record<number, Hex>>;
};

export async function computeDelegatorCodes(
  deployment: DelegatorDeployment = readDeployment(),
): Promise<DelegatorCodes> {
  const runtimes = new Map<number, Hex>();
  for (const id of deploymentChainIds(deployment)) runtimes.set(id, await runtimeOn(id, deployment));
  const hashes = Object.fromEntries([...runtimes].map(([id, runtime]) => [id, keccak256(runtime)]));
  return { deployment, runtimes, hashes };
}

/** The generated module, as biome formats it. */
export function renderDelegatorCodeHashesModule({ deployment, hashes }: DelegatorCodes): string {
  const ids = Object.keys(hashes).map(Number);
  const unbroadcast = ids.filter((id) => !deployment.broadcastChainIds.includes(id));
  const noBroadcast =
    unbroadcast.length === 0
      ? ['// MetaMask’s repository holds a broadcast of this very input for each of these chains.']
      : [
          `// MetaMask’s repository holds no broadcast for chain(s) ${unbroadcast.join(', ')}. Their hashes`,
          '// assume the same input, which the same CREATE2 address implies: it is derived from the init code.',
        ];
  const entries = ids.map((id) => `  ${id}: '${hashes[id]}',`);
  return [
    '// Generated by `npm run generate:delegation` (scripts/generate/generate-delegation.ts). Do not edit by hand.',
    '//',
    `// keccak256 of the runtime code of MetaMask’s ${deployment.contractName} v${deployment.version}`,
    `// at ${deployment.contractAddress}, by chain id: one entry for each chain that`,
    `// ${DEPLOYMENTS_PACKAGE} lists under DELEGATOR_CONTRACTS['${deployment.version}'].`,
    '//',
    '// The generator runs the CREATE2 input of MetaMask’s broadcast (the salt and the init code, from',
    '// MetaMask/delegation-framework broadcast/DeployEIP7702StatelessDeleGator.s.sol/1/run-latest.json,',
    '// kept in scripts/generate/delegation/) in an in-process EVM (EDR), once per chain id, sent from the',
    `// deterministic deployer ${deployment.deployer}. The hash differs from chain to chain:`,
    '// the runtime holds the chain id and OpenZeppelin EIP712’s cached domain separator, which the',
    '// constructor reads from the chain.',
    ...noBroadcast,
    '//',
    '// These values were computed, not read from the chains. To confirm one against a live chain, hash',
    '// the code its node returns:',
    `//   eth_getCode ["${deployment.contractAddress}", "latest"]`,
    '// then take keccak256 of the returned bytes. With viem: keccak256(await client.getCode({ address })).',
    '// With Foundry: cast keccak $(cast code <address> --rpc-url <url>). The codeHash that eth_getProof',
    '// returns for the address is the same value.',
    '',
    '/** Chain id → keccak256 of the delegator’s runtime code there. */',
    `export const DELEGATOR_CODE_HASHES: Readonly<Record<number, \`0x\${string}\`>> = Object.freeze({`,
    ...entries,
    '});',
    '',
  ].join('\n');
}
