import { type Address, encodeFunctionData, type Hex, hashTypedData, type TypedDataDefinition, zeroAddress } from 'viem';
import type { CallRequest } from '../tx/transfer';
import { safeAbi } from './safeAbi';

/** What a Safe transaction does: a call (0), or a delegatecall (1) that runs other code as the Safe. */
export type SafeOperation = 0 | 1;

/**
 * A Safe transaction as its owners sign it (Safe's SafeTx, EIP-712): the call the Safe makes, the
 * gas fields of a refund to the executor (Cairn's own proposals leave them at zero: whoever
 * executes pays the gas), and the Safe's nonce it takes.
 */
export type SafeTx = {
  to: Address;
  value: bigint;
  data: Hex;
  operation: SafeOperation;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
};

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/** Where a Safe transaction holds: one Safe on one chain (its EIP-712 domain since Safe 1.3.0). */
export type SafeRef = { chainId: number; address: Address };

/** The typed data an owner signs for `tx` (Safe 1.3.0 and later: the domain is the chain id and the Safe). */
export function safeTxTypedData(safe: SafeRef, tx: SafeTx): TypedDataDefinition<typeof SAFE_TX_TYPES, 'SafeTx'> {
  return {
    domain: { chainId: safe.chainId, verifyingContract: safe.address },
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: tx,
  };
}

/** The safeTxHash: what owners sign or approve on-chain, and what Safe's own apps show for the same transaction. */
export function safeTxHash(safe: SafeRef, tx: SafeTx): Hex {
  return hashTypedData(safeTxTypedData(safe, tx));
}

/** A plain call from the Safe at `nonce`, with no refund: the one Cairn proposes. */
export function callSafeTx(call: CallRequest, nonce: bigint, operation: SafeOperation = 0): SafeTx {
  return {
    to: call.to,
    value: call.value,
    data: call.data,
    operation,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  };
}

/** The executor's call: execTransaction with the owners' signatures (encodeSignatures). */
export function execTransactionCall(safe: Address, tx: SafeTx, signatures: Hex): CallRequest {
  return {
    to: safe,
    value: 0n,
    data: encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [
        tx.to,
        tx.value,
        tx.data,
        tx.operation,
        tx.safeTxGas,
        tx.baseGas,
        tx.gasPrice,
        tx.gasToken,
        tx.refundReceiver,
        signatures,
      ],
    }),
  };
}

/** An owner's on-chain confirmation: approveHash(safeTxHash), sent from the owner's account. */
export function approveHashCall(safe: Address, hash: Hex): CallRequest {
  return { to: safe, value: 0n, data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [hash] }) };
}
