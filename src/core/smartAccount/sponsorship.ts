import { type Address, bytesToHex, encodePacked, type Hex, toHex } from 'viem';
import type { CallRequest } from '../tx/transfer';
import { DELEGATION_CONTRACTS } from './delegates';
import { type Caveat, type Delegation, ROOT_AUTHORITY, redeemDelegationCalldata } from './delegation';
import { type ExecutionCall, encodeBatchExecution } from './execution';

/** How long a delegation for another account's gas stays good, by default: long enough to be mined. */
export const SPONSORED_DELEGATION_SECONDS = 600n;

/**
 * The delegation that lets `payer` run exactly `calls` once, as `account`, before `expiresAt`
 * (unix seconds): the exact batch (ExactExecutionBatchEnforcer, so nothing else, not another
 * value nor call data), an expiry (TimestampEnforcer, exclusive), and one redemption
 * (LimitedCallsEnforcer). Unsigned: `account` signs its typed data (delegationTypedData).
 */
export function sponsoredDelegation(input: {
  account: Address;
  payer: Address;
  calls: readonly ExecutionCall[];
  expiresAt: bigint;
  salt: bigint;
}): Delegation {
  const caveat = (enforcer: Address, terms: Hex): Caveat => ({ enforcer, terms, args: '0x' });
  const caveats = [
    caveat(DELEGATION_CONTRACTS.exactExecutionBatchEnforcer, encodeBatchExecution(input.calls)),
    caveat(DELEGATION_CONTRACTS.timestampEnforcer, encodePacked(['uint128', 'uint128'], [0n, input.expiresAt])),
    caveat(DELEGATION_CONTRACTS.limitedCallsEnforcer, toHex(1n, { size: 32 })),
  ];
  return {
    delegate: input.payer,
    delegator: input.account,
    authority: ROOT_AUTHORITY,
    caveats,
    salt: input.salt,
    signature: '0x',
  };
}

/** The payer's transaction: to the DelegationManager, redeeming the signed delegation for exactly `calls`. */
export function payerCall(signed: Delegation, calls: readonly ExecutionCall[]): CallRequest {
  return {
    to: DELEGATION_CONTRACTS.delegationManager,
    value: 0n,
    data: redeemDelegationCalldata(signed, calls),
  };
}

/** A fresh 256-bit salt, so two delegations for the same calls differ. */
export function randomSalt(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): bigint {
  return BigInt(bytesToHex(random(new Uint8Array(32))));
}
