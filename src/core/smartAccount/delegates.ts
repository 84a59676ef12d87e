import type { Address, Hex } from 'viem';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { sameAddress } from '../keys/sameAddress';
import { FRAMEWORK_CHAIN_IDS, FRAMEWORK_CODE_HASHES, type FrameworkContract } from './frameworkCodeHashes.generated';

// The one delegate Cairn upgrades accounts to: MetaMask's EIP7702StatelessDeleGator of the
// delegation framework v1.3.0, with its DelegationManager and the caveat enforcers Cairn uses.
// Addresses: @metamask/delegation-deployments 2.0.0 (DELEGATOR_CONTRACTS['1.3.0'], the same on
// every chain it lists; MIT-0 OR Apache-2.0); delegates.test.ts holds them against the package.

export const DELEGATION_FRAMEWORK_VERSION = '1.3.0';

export type { FrameworkContract };

export const DELEGATION_CONTRACTS = {
  delegationManager: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3',
  delegator: '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B',
  exactExecutionBatchEnforcer: '0x1e141e455d08721Dd5BCDA1BaA6Ea5633Afd5017',
  timestampEnforcer: '0x1046bb45C8d673d4ea75321280DB34899413c069',
  limitedCallsEnforcer: '0x04658B29F6b82ed55274221a06Fc97D318E25416',
} as const satisfies Record<FrameworkContract, Address>;

/**
 * Chains where MetaMask published v1.3.0 (the package's list), and Cairn's local chain, whose seed
 * deploys MetaMask's inputs as MetaMask did (devchain/delegation.ts).
 */
export const DELEGATION_CHAINS: ReadonlySet<number> = new Set([...FRAMEWORK_CHAIN_IDS, LOCAL_CHAIN_ID]);

/**
 * keccak256 of `contract`'s code on `chainId`, if Cairn has it. MetaMask publishes addresses, not
 * code hashes, so they are computed from MetaMask's own deployment input
 * (frameworkCodeHashes.generated.ts, `npm run generate:delegation`): per chain for the delegator
 * and the manager (their code keeps the chain id and EIP-712 domain), one for all chains for the
 * enforcers. The local chain's are computed by the same generator, for its chain id.
 */
export function frameworkCodeHash(contract: FrameworkContract, chainId: number): Hex | undefined {
  if (!DELEGATION_CHAINS.has(chainId)) return undefined;
  const hashes = FRAMEWORK_CODE_HASHES[contract];
  return typeof hashes === 'string' ? hashes : hashes[chainId];
}

/** The published code hash of the delegator on `chainId`, if Cairn has one. */
export function delegatorCodeHash(chainId: number): Hex | undefined {
  return frameworkCodeHash('delegator', chainId);
}

export function isKnownDelegate(address: Address): boolean {
  return sameAddress(address, DELEGATION_CONTRACTS.delegator);
}

/** Whether `address` is one of the framework's contracts that is no delegate (its manager, an enforcer). */
export function isFrameworkContract(address: Address): boolean {
  return Object.values(DELEGATION_CONTRACTS).some(
    (contract) => contract !== DELEGATION_CONTRACTS.delegator && sameAddress(address, contract),
  );
}

/**
 * The audits of the Delegation Framework as MetaMask/delegation-framework's `audits` folder lists
 * them (at d2811d6, the commit scripts/generate/delegation/ names): the firm, the month, the part.
 * The tag v1.3.0 lists those up to Cyfrin's of 2025-05; the two after came later.
 */
export const DELEGATION_AUDITS: readonly { firm: 'diligence' | 'cyfrin'; month: string; part?: number }[] = [
  { firm: 'diligence', month: '2024-06' },
  { firm: 'diligence', month: '2024-08' },
  { firm: 'diligence', month: '2024-09' },
  { firm: 'diligence', month: '2025-02' },
  { firm: 'diligence', month: '2025-04' },
  { firm: 'cyfrin', month: '2025-03' },
  { firm: 'cyfrin', month: '2025-04' },
  { firm: 'cyfrin', month: '2025-05', part: 1 },
  { firm: 'cyfrin', month: '2025-05', part: 2 },
  { firm: 'cyfrin', month: '2025-09' },
  { firm: 'cyfrin', month: '2026-05' },
];

/** Where MetaMask keeps those audits' reports. */
export const DELEGATION_AUDITS_URL = 'https://github.com/MetaMask/delegation-framework/tree/main/audits';
