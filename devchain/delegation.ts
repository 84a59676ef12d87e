// MetaMask's Delegation Framework on the local chain, at the addresses of its published deployment
// v1.3.0 (@metamask/delegation-deployments 2.0.0: the same addresses on every chain), built from
// the creation code and ABIs of @metamask/delegation-abis 2.0.0. Both are dev dependencies under
// "(MIT-0 OR Apache-2.0)" (their package.json, LICENSE.MIT0 and LICENSE.APACHE2); nothing of
// them ships in the wallet.
//
// MetaMask deployed them through CREATE2, and the npm creation code does not give those addresses.
// So each contract is deployed normally, from a deployer of its own (demo account 25, which also
// owns the DelegationManager), and its runtime code is then put at the published address
// (hardhat_setCode) with the storage its constructor wrote: only DelegationManager's writes any,
// its owner in slot 0 (Ownable) and a zero in slot 1 (Ownable2Step's pending owner), as
// debug_traceTransaction shows. The code at the temporary addresses is then removed.
//
// The runtime code holds immutables. The delegator's DelegationManager and EntryPoint are the
// published addresses (nothing is needed at the EntryPoint's). DelegationManager and the delegator
// also keep address(this) and the chain id (OpenZeppelin's EIP712 cache, the delegator's `__self`):
// those of the temporary deployment, which are always the same, since the deployer sends nothing
// before. So the code of each, and its hash (LOCAL_CODE_HASHES, which Cairn checks before an
// upgrade or a sponsored batch), are the same on every run. Both rebuild their EIP-712 domain for
// the address they run at, so signatures are checked as on live chains. One difference remains: a
// call made to the delegator's own address is not refused (its `onlyProxy` compares with the
// temporary address), while a call through an account delegated to it behaves as anywhere.
import {
  DelegationManager,
  EIP7702StatelessDeleGator,
  ExactExecutionBatchEnforcer,
  ExactExecutionEnforcer,
  LimitedCallsEnforcer,
  TimestampEnforcer,
} from '@metamask/delegation-abis';
import {
  DelegationManager as DelegationManagerCode,
  EIP7702StatelessDeleGator as EIP7702StatelessDeleGatorCode,
  ExactExecutionBatchEnforcer as ExactExecutionBatchEnforcerCode,
  ExactExecutionEnforcer as ExactExecutionEnforcerCode,
  LimitedCallsEnforcer as LimitedCallsEnforcerCode,
  TimestampEnforcer as TimestampEnforcerCode,
} from '@metamask/delegation-abis/bytecode';
import { CHAIN_ID, DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import { type Abi, type Address, getAddress, getContractAddress, type Hex, parseEther } from 'viem';
import { mineBlock } from './scenarios.ts';
import { demoAccount, type SeedClient } from './seedSupport.ts';

/** Deploys the framework and owns its DelegationManager. Past the node's twenty: it signs here. */
export const DELEGATION_DEPLOYER_INDEX = 25;

/** The contracts placed, in the deployer's nonce order. */
export const delegationOrder = [
  'DelegationManager',
  'EIP7702StatelessDeleGator',
  'ExactExecutionEnforcer',
  'ExactExecutionBatchEnforcer',
  'TimestampEnforcer',
  'LimitedCallsEnforcer',
] as const;
export type DelegationContract = (typeof delegationOrder)[number];

/** Each contract's ABI and creation code, from the package. */
const ARTIFACTS: Record<DelegationContract, { abi: Abi; bytecode: Hex }> = {
  DelegationManager: { abi: DelegationManager, bytecode: DelegationManagerCode },
  EIP7702StatelessDeleGator: { abi: EIP7702StatelessDeleGator, bytecode: EIP7702StatelessDeleGatorCode },
  ExactExecutionEnforcer: { abi: ExactExecutionEnforcer, bytecode: ExactExecutionEnforcerCode },
  ExactExecutionBatchEnforcer: { abi: ExactExecutionBatchEnforcer, bytecode: ExactExecutionBatchEnforcerCode },
  TimestampEnforcer: { abi: TimestampEnforcer, bytecode: TimestampEnforcerCode },
  LimitedCallsEnforcer: { abi: LimitedCallsEnforcer, bytecode: LimitedCallsEnforcerCode },
};

/** Their names in the published deployment, where the delegator is an implementation. */
const PUBLISHED_NAME: Record<DelegationContract, string> = {
  DelegationManager: 'DelegationManager',
  EIP7702StatelessDeleGator: 'EIP7702StatelessDeleGatorImpl',
  ExactExecutionEnforcer: 'ExactExecutionEnforcer',
  ExactExecutionBatchEnforcer: 'ExactExecutionBatchEnforcer',
  TimestampEnforcer: 'TimestampEnforcer',
  LimitedCallsEnforcer: 'LimitedCallsEnforcer',
};

/** Slots 0 and 1 hold all that the constructors write (see above). */
const CONSTRUCTOR_SLOTS = 2;

function published(name: string): Address {
  const address = DELEGATOR_CONTRACTS['1.3.0']?.[CHAIN_ID.mainnet]?.[name];
  if (!address) throw new Error(`no ${name} in the Delegation Framework's deployment 1.3.0`);
  return getAddress(address);
}

/** Where the seed places each contract: its address in the published deployment 1.3.0. */
export function delegationAddresses(): Record<DelegationContract, Address> {
  return Object.fromEntries(delegationOrder.map((name) => [name, published(PUBLISHED_NAME[name])])) as Record<
    DelegationContract,
    Address
  >;
}

/** The published ERC-4337 EntryPoint v0.7, which the delegator keeps; the local chain has no code there. */
export const ENTRY_POINT = published('EntryPoint');

/** Where the deployer's nonces put the contracts before they are moved. */
export function temporaryDelegationAddresses(): Record<DelegationContract, Address> {
  const from = demoAccount(DELEGATION_DEPLOYER_INDEX).address;
  return Object.fromEntries(
    delegationOrder.map((name, nonce) => [name, getContractAddress({ from, nonce: BigInt(nonce) })]),
  ) as Record<DelegationContract, Address>;
}

export async function placeDelegationFramework(client: SeedClient): Promise<void> {
  const deployer = demoAccount(DELEGATION_DEPLOYER_INDEX);
  if ((await client.getTransactionCount({ address: deployer.address })) !== 0)
    throw new Error('the delegation deployer has sent before: the delegator would be built for another address');
  const at = delegationAddresses();
  const args: Record<DelegationContract, readonly unknown[]> = {
    DelegationManager: [deployer.address],
    EIP7702StatelessDeleGator: [at.DelegationManager, ENTRY_POINT],
    ExactExecutionEnforcer: [],
    ExactExecutionBatchEnforcer: [],
    TimestampEnforcer: [],
    LimitedCallsEnforcer: [],
  };
  await client.setBalance({ address: deployer.address, value: parseEther('10') });
  // About 6.6 M gas in all.
  await mineBlock(
    client,
    delegationOrder.map(
      (name) => (c: SeedClient) => c.deployContract({ account: deployer, ...ARTIFACTS[name], args: args[name] }),
    ),
  );
  const temporary = temporaryDelegationAddresses();
  for (const name of delegationOrder) {
    const code = await client.getCode({ address: temporary[name] });
    if (!code || code === '0x') throw new Error(`${name} was not deployed at ${temporary[name]}`);
    await client.setCode({ address: at[name], bytecode: code });
    for (let slot = 0; slot < CONSTRUCTOR_SLOTS; slot++) {
      const index: Hex = `0x${slot.toString(16).padStart(64, '0')}`;
      const value = await client.getStorageAt({ address: temporary[name], slot: index });
      if (value && BigInt(value) !== 0n) await client.setStorageAt({ address: at[name], index, value });
    }
    await client.setCode({ address: temporary[name], bytecode: '0x' });
  }
}
