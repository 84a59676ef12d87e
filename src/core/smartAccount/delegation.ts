import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseAbiParameters,
  type TypedDataDefinition,
} from 'viem';
import { BATCH_MODE, type ExecutionCall, encodeBatchExecution } from './execution';

// MetaMask's delegation framework (DelegationManager v1.3.0): a delegation lets `delegate` have
// the delegator's account run executions, as far as its caveats' enforcers allow. Cairn makes
// only root delegations (authority ROOT_AUTHORITY), each signed by the delegator's own key.

/** The authority of a delegation that is not itself delegated from another. */
export const ROOT_AUTHORITY: Hex = `0x${'ff'.repeat(32)}`;

export type Caveat = { enforcer: Address; terms: Hex; args: Hex };

export type Delegation = {
  delegate: Address;
  delegator: Address;
  authority: Hex;
  caveats: readonly Caveat[];
  salt: bigint;
  /** The delegator's EIP-712 signature over the delegation ('0x' until signed). */
  signature: Hex;
};

const DELEGATION_TYPES = {
  Delegation: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    { name: 'caveats', type: 'Caveat[]' },
    { name: 'salt', type: 'uint256' },
  ],
  Caveat: [
    { name: 'enforcer', type: 'address' },
    { name: 'terms', type: 'bytes' },
  ],
} as const;

/** What the delegator signs (a caveat's `args` are the redeemer's, outside the signature). */
export function delegationTypedData(
  delegation: Delegation,
  domain: { chainId: number; delegationManager: Address },
): TypedDataDefinition<typeof DELEGATION_TYPES, 'Delegation'> {
  return {
    domain: {
      name: 'DelegationManager',
      version: '1',
      chainId: domain.chainId,
      verifyingContract: domain.delegationManager,
    },
    types: DELEGATION_TYPES,
    primaryType: 'Delegation',
    message: {
      delegate: delegation.delegate,
      delegator: delegation.delegator,
      authority: delegation.authority,
      caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
      salt: delegation.salt,
    },
  };
}

const DELEGATION_LIST = parseAbiParameters(
  '(address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature)[]',
);

/** A chain of delegations as redeemDelegations takes it: the one the redeemer holds first. */
export function permissionContext(chain: readonly Delegation[]): Hex {
  return encodeAbiParameters(DELEGATION_LIST, [chain.map((d) => ({ ...d, caveats: [...d.caveats] }))]);
}

export const delegationManagerAbi = parseAbi([
  'function redeemDelegations(bytes[] permissionContexts, bytes32[] modes, bytes[] executionCallDatas)',
  'function disabledDelegations(bytes32 delegationHash) view returns (bool)',
]);

/** The DelegationManager call that runs `calls` as the delegator's account, under `delegation`. */
export function redeemDelegationCalldata(delegation: Delegation, calls: readonly ExecutionCall[]): Hex {
  return encodeFunctionData({
    abi: delegationManagerAbi,
    functionName: 'redeemDelegations',
    args: [[permissionContext([delegation])], [BATCH_MODE], [encodeBatchExecution(calls)]],
  });
}
