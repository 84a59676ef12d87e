// MetaMask's Delegation Framework v1.3.0 on the local chain, deployed the way MetaMask deployed it
// on live chains: each contract's CREATE2 input from MetaMask's broadcasts (the salt and the init
// code, kept with their sources and licence in scripts/generate/delegation/) sent to the
// deterministic deployment proxy (deterministicDeployer.ts). A CREATE2 address follows from the
// deployer, the salt and the init code, so each contract lands at its published address
// (@metamask/delegation-deployments 2.0.0, the same on every chain) built from the very bytes
// MetaMask deployed, and its constructor runs there. The delegator's and the manager's immutables
// (the chain id, OpenZeppelin EIP712's cached domain separator, the delegator's own address) are
// then those of a deployment at the published address on a chain with this id: their code hashes
// are computed for chain id 31337 by the generator that computes every other chain's
// (`npm run generate:delegation`, src/core/smartAccount/frameworkCodeHashes.generated.ts), and
// delegation.integration.test.ts holds the seeded chain to them.
//
// As on live chains, the DelegationManager's owner is the one MetaMask's broadcast names; no one
// here holds its key. Only the contracts Cairn checks are deployed: the inputs hold no others.
// The passkey account's delegate and its WebAuthn verifier (passkeyDelegate.ts) go through the same
// deployer in the same block, so the seed's blocks stay as they were.
import { type Address, concat, parseEther } from 'viem';
import {
  FRAMEWORK_CONTRACT_KEYS,
  type FrameworkContract,
  type FrameworkDeployments,
  readDeployments,
} from '../scripts/generate/delegationInputs.ts';
import { DETERMINISTIC_DEPLOYER, deterministicDeployerSteps } from './deterministicDeployer.ts';
import { passkeyDelegateAddresses, passkeyDelegateSteps } from './passkeyDelegate.ts';
import { mineBlock } from './scenarios.ts';
import { demoAccount, type SeedClient } from './seedSupport.ts';

/** Sends the calls to the deterministic deployer; it holds no contract. Past the node's twenty: it signs here. */
export const DELEGATION_DEPLOYER_INDEX = 25;

/** The contracts placed, by the names src/core/smartAccount/delegates.ts gives them. */
export type DelegationContract = FrameworkContract;

let read: FrameworkDeployments | undefined;

/** Each contract's deployment input, checked (the address it creates is its published one); read once. */
export function delegationDeployments(): FrameworkDeployments {
  if (read !== undefined) return read;
  const deployments = readDeployments();
  for (const contract of FRAMEWORK_CONTRACT_KEYS) {
    const { deployer } = deployments[contract];
    if (deployer !== DETERMINISTIC_DEPLOYER)
      throw new Error(`${contract} was deployed through ${deployer}, not the deterministic deployer`);
  }
  read = deployments;
  return deployments;
}

/** Where the seed places each contract: its address in the published deployment 1.3.0. */
export function delegationAddresses(): Record<DelegationContract, Address> {
  const deployments = delegationDeployments();
  return Object.fromEntries(
    FRAMEWORK_CONTRACT_KEYS.map((contract) => [contract, deployments[contract].contractAddress]),
  ) as Record<DelegationContract, Address>;
}

/** Creates the deterministic deployer if needed, then every contract through it, in one block. */
export async function placeDelegationFramework(client: SeedClient): Promise<void> {
  const deployments = delegationDeployments();
  const sender = demoAccount(DELEGATION_DEPLOYER_INDEX);
  await client.setBalance({ address: sender.address, value: parseEther('10') });
  // About 10 M gas in all.
  await mineBlock(client, [
    ...(await deterministicDeployerSteps(client)),
    ...FRAMEWORK_CONTRACT_KEYS.map((contract) => {
      const { salt, initCode } = deployments[contract];
      return (c: SeedClient) =>
        c.sendTransaction({ account: sender, to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]) });
    }),
    ...passkeyDelegateSteps(sender),
  ]);
  for (const contract of FRAMEWORK_CONTRACT_KEYS) {
    const { contractAddress } = deployments[contract];
    const code = await client.getCode({ address: contractAddress });
    if (!code || code === '0x') throw new Error(`${contract} was not deployed at ${contractAddress}`);
  }
  for (const address of passkeyDelegateAddresses()) {
    const code = await client.getCode({ address });
    if (!code || code === '0x') throw new Error(`the passkey delegate or its verifier was not deployed at ${address}`);
  }
}
