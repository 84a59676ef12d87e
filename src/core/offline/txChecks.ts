import { type AccessList, formatGwei, type Hex, size } from 'viem';
import { floorDataGas, type IntrinsicGas, intrinsicGas, MAX_INITCODE_BYTES } from './intrinsicGas';

/**
 * The rules a node applies to a transaction's fields, written once for the two places that check
 * them: the offline builder (before signing) and the raw-transaction decoder (before broadcasting).
 * Each reads only the fields it needs and returns the sentence to show, or undefined; the builder
 * puts the sentence next to its field, the decoder lists it.
 */

/** The common shape both sides convert their transaction to (txRules for drafts, validity for decoded). */
export type CheckedFields = {
  nonce: bigint;
  /** null creates a contract (its code is `data`). */
  to: string | null;
  data: Hex;
  gas: bigint;
  accessList?: AccessList | undefined;
  /** How many EIP-7702 authorizations the transaction carries (type 4 only). */
  authorizations?: number | undefined;
  /** legacy and EIP-2930 */
  gasPrice?: bigint | undefined;
  /** EIP-1559 and EIP-7702 */
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
};

export const UINT256_MAX = 2n ** 256n - 1n;
export const UINT64_MAX = 2n ** 64n - 1n;
/** geth's limit for a transaction in its pool (4 × 32 KiB); the other clients' are alike. */
export const MAX_TX_BYTES = 128 * 1024;

/** A whole number as the sentences write it: 21,000. */
export const grouped = (value: bigint) => value.toLocaleString('en-US');

function gasBreakdown(parts: IntrinsicGas): string {
  const extra = [
    parts.data > 0n ? `${grouped(parts.data)} for its data` : '',
    parts.create > 0n ? `${grouped(parts.create)} to create a contract` : '',
    parts.accessList > 0n ? `${grouped(parts.accessList)} for its access list` : '',
    parts.authorizations > 0n ? `${grouped(parts.authorizations)} for its authorizations` : '',
  ].filter((part) => part !== '');
  return extra.length === 0 ? '21,000 for any transaction' : `21,000 plus ${extra.join(', ')}`;
}

/** The gas used before any code runs, with the sentence when the gas limit is below it. */
export function intrinsicGasCheck(tx: Pick<CheckedFields, 'to' | 'data' | 'gas' | 'accessList' | 'authorizations'>): {
  intrinsic: bigint;
  problem: string | undefined;
} {
  const needed = intrinsicGas({
    to: tx.to,
    data: tx.data,
    accessList: tx.accessList,
    authorizations: tx.authorizations,
  });
  const problem =
    tx.gas < needed.total
      ? `This transaction needs at least ${grouped(needed.total)} gas before it runs (${gasBreakdown(needed)}); the gas limit is ${grouped(tx.gas)}.`
      : undefined;
  return { intrinsic: needed.total, problem };
}

/** Below the calldata floor of networks with Prague (EIP-7623); those networks refuse it. */
export function dataFloorProblem(tx: Pick<CheckedFields, 'data' | 'gas'>): string | undefined {
  const floor = floorDataGas(tx.data);
  if (tx.gas >= floor) return undefined;
  return `Networks with the Prague upgrade (EIP-7623) charge at least ${grouped(floor)} gas for this much data; the gas limit is ${grouped(tx.gas)}.`;
}

export function priorityFeeProblem(
  tx: Pick<CheckedFields, 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
): string | undefined {
  const { maxFeePerGas: max, maxPriorityFeePerGas: priority } = tx;
  if (max === undefined || priority === undefined || priority <= max) return undefined;
  return `The priority fee (${formatGwei(priority)} gwei) cannot be above the max fee (${formatGwei(max)} gwei).`;
}

/** Gas × the highest fee per gas must fit in 256 bits: nodes refuse a cost they cannot represent. */
export function costOverflowProblem(tx: Pick<CheckedFields, 'gas' | 'gasPrice' | 'maxFeePerGas'>): string | undefined {
  const fee = tx.maxFeePerGas ?? tx.gasPrice ?? 0n;
  if (tx.gas * fee <= UINT256_MAX) return undefined;
  return 'The gas limit times this fee is too large to pay (more than 2^256 − 1 wei).';
}

/** Contract code above the EIP-3860 limit in a creating transaction. */
export function initcodeProblem(tx: Pick<CheckedFields, 'to' | 'data'>): string | undefined {
  const bytes = size(tx.data);
  if (tx.to !== null || bytes <= MAX_INITCODE_BYTES) return undefined;
  return `Contract code is ${grouped(BigInt(bytes))} bytes; a contract creation carries at most ${grouped(BigInt(MAX_INITCODE_BYTES))} (EIP-3860).`;
}

/**
 * EIP-2681: a nonce stays below 2^64 − 1, so the sender's next nonce still fits in 64 bits. (A
 * larger nonce does not fit in the field at all: the decoder and the builder refuse it first.)
 */
export function nonceLimitProblem(tx: Pick<CheckedFields, 'nonce'>): string | undefined {
  if (tx.nonce !== UINT64_MAX) return undefined;
  return 'The nonce is 2^64 − 1, which EIP-2681 does not allow.';
}

/** A set-code transaction (EIP-7702) without any authorization; undefined for other types. */
export function authorizationsProblem(tx: Pick<CheckedFields, 'authorizations'>): string | undefined {
  if (tx.authorizations !== 0) return undefined;
  return 'A set-code transaction (type 4) needs at least one authorization.';
}
