import * as abis from '@metamask/delegation-abis';
import {
  type Abi,
  decodeAbiParameters,
  decodeFunctionData,
  hashTypedData,
  parseAbiParameters,
  toFunctionSelector,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { DELEGATION_CONTRACTS } from './delegates';
import { delegationManagerAbi, delegationTypedData, ROOT_AUTHORITY } from './delegation';
import { BATCH_MODE, delegatorAbi, encodeBatchExecution, selfBatchCall } from './execution';
import { payerCall, randomSalt, sponsoredDelegation } from './sponsorship';

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const payer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const calls = [
  { to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', value: 0n, data: '0xa9059cbb' },
  { to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', value: 5n, data: '0x' },
] as const;

const selectorsOf = (abi: Abi) =>
  abi.filter((item) => item.type === 'function').map((item) => toFunctionSelector(item as never));

describe('the calls Cairn encodes for the delegation framework', () => {
  it('use selectors the published contracts have', () => {
    const manager = selectorsOf((abis as unknown as Record<string, Abi>).DelegationManager as Abi);
    for (const selector of selectorsOf(delegationManagerAbi)) expect(manager).toContain(selector);
    const delegator = selectorsOf((abis as unknown as Record<string, Abi>).EIP7702StatelessDeleGator as Abi);
    for (const selector of selectorsOf(delegatorAbi)) expect(delegator).toContain(selector);
  });

  it('sends a batch to the account itself, in batch mode, with each call in order', () => {
    const tx = selfBatchCall(account, calls);
    expect(tx).toMatchObject({ to: account, value: 0n });
    const { args } = decodeFunctionData({ abi: delegatorAbi, data: tx.data });
    expect(args[0]).toBe(BATCH_MODE);
    const [decoded] = decodeAbiParameters(parseAbiParameters('(address,uint256,bytes)[]'), args[1]);
    expect(decoded.map(([to, value, data]) => ({ to, value, data }))).toEqual(calls);
  });
});

describe('sponsoredDelegation', () => {
  const delegation = sponsoredDelegation({ account, payer, calls, expiresAt: 1_800_000_000n, salt: 7n });

  it('is a root delegation from the account to the payer', () => {
    expect(delegation).toMatchObject({ delegate: payer, delegator: account, authority: ROOT_AUTHORITY, salt: 7n });
  });

  it('limits the payer to exactly these calls, once, before the expiry', () => {
    const [exact, time, limit] = delegation.caveats;
    expect(exact?.enforcer).toBe(DELEGATION_CONTRACTS.exactExecutionBatchEnforcer);
    // abi.encode of (target, value, callData)[]: exactly these calls, in this order.
    const [terms] = decodeAbiParameters(parseAbiParameters('(address,uint256,bytes)[]'), exact?.terms ?? '0x');
    expect(terms.map(([to, value, data]) => ({ to, value, data }))).toEqual(calls);
    // uint128 after (0: none) ‖ uint128 before, exclusive.
    expect(time?.enforcer).toBe(DELEGATION_CONTRACTS.timestampEnforcer);
    expect(time?.terms).toBe(`0x${'0'.repeat(32)}${(1_800_000_000).toString(16).padStart(32, '0')}`);
    expect(limit).toEqual({
      enforcer: DELEGATION_CONTRACTS.limitedCallsEnforcer,
      terms: `0x${'0'.repeat(63)}1`,
      args: '0x',
    });
  });

  it('is signed as the DelegationManager’s EIP-712 Delegation, without the caveats’ args', () => {
    const typed = delegationTypedData(delegation, {
      chainId: 1,
      delegationManager: DELEGATION_CONTRACTS.delegationManager,
    });
    expect(typed.domain).toEqual({
      name: 'DelegationManager',
      version: '1',
      chainId: 1,
      verifyingContract: DELEGATION_CONTRACTS.delegationManager,
    });
    expect(typed.message.caveats[0]).toEqual({
      enforcer: DELEGATION_CONTRACTS.exactExecutionBatchEnforcer,
      terms: encodeBatchExecution(calls),
    });
    // The args would change nothing signed.
    const withArgs = { ...delegation, caveats: delegation.caveats.map((c) => ({ ...c, args: '0x01' as const })) };
    expect(
      hashTypedData(
        delegationTypedData(withArgs, { chainId: 1, delegationManager: DELEGATION_CONTRACTS.delegationManager }),
      ),
    ).toBe(hashTypedData(typed));
  });

  it('is redeemed by one call to the DelegationManager with the same batch', () => {
    const call = payerCall({ ...delegation, signature: '0x1234' }, calls);
    expect(call).toMatchObject({ to: DELEGATION_CONTRACTS.delegationManager, value: 0n });
    const { functionName, args } = decodeFunctionData({ abi: delegationManagerAbi, data: call.data });
    expect(functionName).toBe('redeemDelegations');
    expect(args?.[1]).toEqual([BATCH_MODE]);
    expect(args?.[2]).toEqual([encodeBatchExecution(calls)]);
  });

  it('draws a fresh salt each time', () => {
    expect(randomSalt()).not.toBe(randomSalt());
    expect(randomSalt(() => new Uint8Array(32).fill(1))).toBe(BigInt(`0x${'01'.repeat(32)}`));
  });
});
