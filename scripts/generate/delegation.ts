// Computes the code hash of each contract of MetaMask's Delegation Framework v1.3.0 that Cairn relies
// on (the EIP-7702 delegator, its DelegationManager, the caveat enforcers of sponsored batches) on
// every chain that @metamask/delegation-deployments lists the release on, and on Cairn's local chain
// (whose seed deploys the same inputs the same way: devchain/delegation.ts). The deployment inputs
// are data in scripts/generate/delegation/ (see README.md there; read by delegationInputs.ts). They
// run in an in-process EVM (delegationEvm.ts): one fresh chain per chain id, every contract deployed
// on it, which takes well under a second in all. A runtime differs from chain to chain only in
// immutables its constructor reads from the chain (the chain id, OpenZeppelin EIP712's cached domain
// separator); a contract without them gets one hash, written once, but only after every chain's was
// computed and found equal.
import { fileURLToPath } from 'node:url';
import { type Hex, keccak256 } from 'viem';
import { LOCAL_CHAIN_ID } from '../../src/core/chain/localChain.ts';
import { runtimesOn } from './delegationEvm.ts';
import {
  deploymentChainIds,
  FRAMEWORK_CONTRACT_KEYS,
  type FrameworkContract,
  type FrameworkDeployments,
  readDeployments,
} from './delegationInputs.ts';

export const FRAMEWORK_MODULE = fileURLToPath(
  new URL('../../src/core/smartAccount/frameworkCodeHashes.generated.ts', import.meta.url),
);

/** Chain id → hash for a contract whose code differs between chains, else its one hash. */
export type CodeHashes = Hex | Readonly<Record<number, Hex>>;

/** What the generated module is made of. */
export type FrameworkCodes = {
  deployments: FrameworkDeployments;
  /** The chains MetaMask published the release on, ascending. */
  chainIds: readonly number[];
  /** Cairn's local chain, computed as the others are (not one of chainIds). */
  localChainId: number;
  /** Contract → chain id → runtime code, on chainIds and the local chain, ascending by chain id. */
  runtimes: Readonly<Record<FrameworkContract, ReadonlyMap<number, Hex>>>;
  /** Contract → keccak256 of its runtime: one value when every chain's is the same. */
  hashes: Readonly<Record<FrameworkContract, CodeHashes>>;
};

/** One hash when every chain's is the same, else chain id → hash. */
export function compactHashes(runtimes: ReadonlyMap<number, Hex>): CodeHashes {
  const byChain = Object.fromEntries([...runtimes].map(([id, runtime]) => [id, keccak256(runtime)]));
  const distinct = [...new Set(Object.values(byChain))];
  return distinct.length === 1 && distinct[0] !== undefined ? distinct[0] : byChain;
}

export async function computeFrameworkCodes(
  deployments: FrameworkDeployments = readDeployments(),
): Promise<FrameworkCodes> {
  const chainIds = deploymentChainIds(deployments);
  const runtimes = Object.fromEntries(FRAMEWORK_CONTRACT_KEYS.map((c) => [c, new Map<number, Hex>()])) as Record<
    FrameworkContract,
    Map<number, Hex>
  >;
  const inputs = FRAMEWORK_CONTRACT_KEYS.map((contract) => deployments[contract]);
  for (const id of [...new Set([...chainIds, LOCAL_CHAIN_ID])].sort((a, b) => a - b)) {
    const codes = await runtimesOn(id, inputs);
    for (const [i, contract] of FRAMEWORK_CONTRACT_KEYS.entries()) runtimes[contract].set(id, codes[i] as Hex);
  }
  const hashes = Object.fromEntries(
    FRAMEWORK_CONTRACT_KEYS.map((contract) => [contract, compactHashes(runtimes[contract])]),
  ) as Record<FrameworkContract, CodeHashes>;
  return { deployments, chainIds, localChainId: LOCAL_CHAIN_ID, runtimes, hashes };
}
