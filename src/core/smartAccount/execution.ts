import { type Address, encodeAbiParameters, encodeFunctionData, type Hex, parseAbi, parseAbiParameters } from 'viem';
import type { CallRequest } from '../tx/transfer';

// ERC-7579 executions, as MetaMask's EIP7702StatelessDeleGator runs them: `execute(mode, data)`,
// allowed only from the account itself (or the ERC-4337 EntryPoint, which Cairn does not use),
// and through the DelegationManager when a delegation is redeemed.

/** One call of an atomic batch, run in order by the account; all revert if one does (no creations). */
export type ExecutionCall = CallRequest;

/** Call type batch (0x01), exec type default (revert on any failure), no selector or payload. */
export const BATCH_MODE: Hex = `0x01${'00'.repeat(31)}`;

const EXECUTIONS = parseAbiParameters('(address target, uint256 value, bytes callData)[]');

/** The batch's execution data: abi.encode of (target, value, callData)[]. */
export function encodeBatchExecution(calls: readonly ExecutionCall[]): Hex {
  return encodeAbiParameters(EXECUTIONS, [calls.map((c) => ({ target: c.to, value: c.value, callData: c.data }))]);
}

export const delegatorAbi = parseAbi(['function execute(bytes32 mode, bytes executionCalldata) payable']);

/**
 * The transaction an upgraded account sends itself to run `calls` atomically: to itself, no value
 * (each call's value comes from the account's balance), `execute` in batch mode.
 */
export function selfBatchCall(account: Address, calls: readonly ExecutionCall[]): CallRequest {
  return {
    to: account,
    value: 0n,
    data: encodeFunctionData({
      abi: delegatorAbi,
      functionName: 'execute',
      args: [BATCH_MODE, encodeBatchExecution(calls)],
    }),
  };
}
