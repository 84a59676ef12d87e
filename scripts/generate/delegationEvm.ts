// Runs CREATE2 deployment inputs in an in-process EVM: EDR, the engine of the Hardhat devDependency.
// @nomicfoundation/edr is Hardhat's own dependency (hardhat 2.29.1 pins 0.12.0-next.23), not ours.
// Its API may change when Hardhat is upgraded; the unit test of delegation.ts would then fail here.
import {
  ContractDecoder,
  EdrContext,
  GENERIC_CHAIN_TYPE,
  genericChainProviderFactory,
  MineOrdering,
  PRAGUE,
} from '@nomicfoundation/edr';
import { type Address, concat, type Hex, hexToBytes, isHex, size, toHex } from 'viem';
import { isRecord } from '../../src/core/text/guards.ts';

/** What a CREATE2 deployment sends to the deterministic deployer. */
export type Create2Input = { contractName: string; deployer: Address; salt: Hex; initCode: Hex };

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

/**
 * The runtime code each input leaves at its address on a fresh chain with this id, in the order
 * given. Each is an eth_call, so none sees another's contract. All must use the same deployer.
 */
export async function runtimesOn(chainId: number, inputs: readonly Create2Input[]): Promise<Hex[]> {
  const deployer = inputs[0]?.deployer;
  if (deployer === undefined || inputs.some((input) => input.deployer !== deployer))
    throw new Error('delegation deployments: one deterministic deployer for all');
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
      genesisState: [{ address: hexToBytes(deployer), code: hexToBytes(FACTORY_CODE) }],
      // The contracts are compiled for London (foundry.toml); any later hardfork runs them alike.
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
  const runtimes: Hex[] = [];
  for (const [index, input] of inputs.entries()) {
    const call = { to: deployer, data: concat([input.salt, input.initCode]), gas: toHex(10_000_000) };
    const response = await provider.handleRequest(
      JSON.stringify({ jsonrpc: '2.0', id: index + 1, method: 'eth_call', params: [call, 'latest'] }),
    );
    const answer: unknown = typeof response.data === 'string' ? JSON.parse(response.data) : response.data;
    const result = isRecord(answer) ? answer.result : undefined;
    if (typeof result !== 'string' || !isHex(result) || size(result) === 0) {
      throw new Error(
        `delegation deployments: ${input.contractName}'s init code created nothing on chain ${chainId}: ${JSON.stringify(answer)}`,
      );
    }
    runtimes.push(result);
  }
  return runtimes;
}
