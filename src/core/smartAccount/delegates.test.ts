import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import { describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import {
  DELEGATION_CHAINS,
  DELEGATION_CONTRACTS,
  delegatorCodeHash,
  type FrameworkContract,
  frameworkCodeHash,
  isFrameworkContract,
  isKnownDelegate,
} from './delegates';
import { FRAMEWORK_CODE_HASHES, FRAMEWORK_CONTRACT_NAMES } from './frameworkCodeHashes.generated';

const published = DELEGATOR_CONTRACTS['1.3.0'] ?? {};
const contracts = Object.keys(DELEGATION_CONTRACTS) as FrameworkContract[];

describe('the delegation framework Cairn uses', () => {
  it('names the addresses MetaMask published for v1.3.0, the same on every chain it lists', () => {
    const chains = Object.keys(published).map(Number);
    expect(new Set([...chains, LOCAL_CHAIN_ID])).toEqual(DELEGATION_CHAINS);
    for (const chainId of chains) {
      const deployment = published[chainId as keyof typeof published] as Record<string, string>;
      expect(deployment.DelegationManager).toBe(DELEGATION_CONTRACTS.delegationManager);
      expect(deployment.EIP7702StatelessDeleGatorImpl).toBe(DELEGATION_CONTRACTS.delegator);
      expect(deployment.ExactExecutionBatchEnforcer).toBe(DELEGATION_CONTRACTS.exactExecutionBatchEnforcer);
      expect(deployment.TimestampEnforcer).toBe(DELEGATION_CONTRACTS.timestampEnforcer);
      expect(deployment.LimitedCallsEnforcer).toBe(DELEGATION_CONTRACTS.limitedCallsEnforcer);
    }
  });

  it('knows the delegate in any letter case, and no other', () => {
    expect(isKnownDelegate(DELEGATION_CONTRACTS.delegator.toLowerCase() as `0x${string}`)).toBe(true);
    expect(isKnownDelegate(DELEGATION_CONTRACTS.delegationManager)).toBe(false);
    expect(isFrameworkContract(DELEGATION_CONTRACTS.limitedCallsEnforcer)).toBe(true);
    expect(isFrameworkContract(DELEGATION_CONTRACTS.delegator)).toBe(false);
  });

  it('has a code hash of every contract for every chain it lists, and none for a chain it was never given', () => {
    expect(Object.keys(FRAMEWORK_CONTRACT_NAMES)).toEqual(expect.arrayContaining(contracts));
    for (const contract of contracts) {
      for (const chainId of DELEGATION_CHAINS)
        expect(frameworkCodeHash(contract, chainId), `${contract} on ${chainId}`).toMatch(/^0x[0-9a-f]{64}$/);
      // The local chain's, computed by the generator for its chain id like every other chain's.
      const hashes = FRAMEWORK_CODE_HASHES[contract];
      expect(frameworkCodeHash(contract, LOCAL_CHAIN_ID)).toBe(
        typeof hashes === 'string' ? hashes : hashes[LOCAL_CHAIN_ID],
      );
      expect(frameworkCodeHash(contract, 999_999_999)).toBeUndefined();
    }
    expect(delegatorCodeHash(1)).toBe('0x0b77e469f5603ed1e9ff0e7ee56238b61a8cf7cb3185b33e53e2eeaad50109ab');
    expect(delegatorCodeHash(999_999_999)).toBeUndefined();
    // The manager's code keeps the chain id; an enforcer's is the same everywhere.
    expect(frameworkCodeHash('delegationManager', 1)).not.toBe(frameworkCodeHash('delegationManager', 8453));
    expect(frameworkCodeHash('timestampEnforcer', 1)).toBe(frameworkCodeHash('timestampEnforcer', 8453));
  });
});
