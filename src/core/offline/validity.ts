import { formatGwei } from 'viem';
import { floorDataGas, intrinsicGas, MAX_INITCODE_BYTES } from './intrinsicGas';
import type { DecodedTx } from './rawTx';
import { UINT64_MAX, UINT256_MAX } from './txRules';

const grouped = (value: bigint) => value.toLocaleString('en-US');

/**
 * Reasons every node refuses a transaction that decodes and has a valid signature: too little
 * gas to start, a priority fee above the max fee, a cost beyond 256 bits, a nonce at 2^64 − 1,
 * oversized contract code, a set-code transaction with no authorization.
 */
export function txProblems(tx: DecodedTx): { intrinsic: bigint; problems: string[] } {
  const dataBytes = (tx.data.length - 2) / 2;
  const intrinsic = intrinsicGas({
    to: tx.to,
    data: tx.data,
    accessList: tx.accessList,
    authorizations: tx.authorizationList?.length,
  }).total;
  const problems: string[] = [];
  if (tx.gas < intrinsic) {
    problems.push(
      `The gas limit (${grouped(tx.gas)}) is below the ${grouped(intrinsic)} gas this transaction needs before it runs; nodes refuse it.`,
    );
  }
  if (
    tx.maxFeePerGas !== undefined &&
    tx.maxPriorityFeePerGas !== undefined &&
    tx.maxPriorityFeePerGas > tx.maxFeePerGas
  ) {
    problems.push(
      `The priority fee (${formatGwei(tx.maxPriorityFeePerGas)} gwei) is above the max fee (${formatGwei(tx.maxFeePerGas)} gwei); nodes refuse it.`,
    );
  }
  const fee = tx.maxFeePerGas ?? tx.gasPrice ?? 0n;
  if (tx.gas * fee > UINT256_MAX)
    problems.push('The gas limit times the fee is beyond 2^256 − 1 wei; nodes refuse it.');
  if (tx.nonce === UINT64_MAX) problems.push('The nonce is 2^64 − 1, which EIP-2681 does not allow.');
  if (tx.to === null && dataBytes > MAX_INITCODE_BYTES) {
    problems.push(
      `The contract code is ${grouped(BigInt(dataBytes))} bytes; a contract creation carries at most ${grouped(BigInt(MAX_INITCODE_BYTES))} (EIP-3860).`,
    );
  }
  if (tx.authorizationList?.length === 0)
    problems.push('A set-code transaction (type 4) needs at least one authorization.');
  return { intrinsic, problems };
}

/** Things to know that do not stop a node from taking the transaction everywhere. */
export function txWarnings(tx: DecodedTx): string[] {
  const floor = floorDataGas(tx.data);
  if (tx.gas >= tx.intrinsicGas && tx.gas < floor) {
    return [
      `On networks with the Prague upgrade (EIP-7623) this much data needs at least ${grouped(floor)} gas; the gas limit is ${grouped(tx.gas)}, so such networks refuse it.`,
    ];
  }
  return [];
}
