import { type AccessList, formatGwei, type Hex, size } from 'viem';
import { codeValue, type Message, msg } from '../i18n/message';
import { floorDataGas, type IntrinsicGas, intrinsicGas, MAX_INITCODE_BYTES } from './intrinsicGas';

/**
 * The rules a node applies to a transaction's fields, written once for the two places that check
 * them: the offline builder (before signing) and the raw-transaction decoder (before broadcasting).
 * Each reads only the fields it needs and returns the sentence to show (a Message), or undefined; the builder
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

/** Where the intrinsic gas goes: 21,000 for any transaction, plus each extra part, in a list. */
function gasBreakdown(parts: IntrinsicGas): Message {
  const extra = [
    parts.data > 0n ? msg('core.signing:gas.part.data', { gas: parts.data }) : undefined,
    parts.create > 0n ? msg('core.signing:gas.part.create', { gas: parts.create }) : undefined,
    parts.accessList > 0n ? msg('core.signing:gas.part.accessList', { gas: parts.accessList }) : undefined,
    parts.authorizations > 0n ? msg('core.signing:gas.part.authorizations', { gas: parts.authorizations }) : undefined,
  ].filter((part) => part !== undefined);
  const [first, ...rest] = extra;
  if (first === undefined) return msg('core.signing:gas.base', { gas: 21_000 });
  const list = rest.reduce<Message>((list, item) => msg('core.signing:gas.list', { list, item }), first);
  return msg('core.signing:gas.basePlus', { gas: 21_000, parts: list });
}

/** The gas used before any code runs, with the sentence when the gas limit is below it. */
export function intrinsicGasCheck(tx: Pick<CheckedFields, 'to' | 'data' | 'gas' | 'accessList' | 'authorizations'>): {
  intrinsic: bigint;
  problem: Message | undefined;
} {
  const needed = intrinsicGas({
    to: tx.to,
    data: tx.data,
    accessList: tx.accessList,
    authorizations: tx.authorizations,
  });
  const problem =
    tx.gas < needed.total
      ? msg('core.signing:gas.belowIntrinsic', { needed: needed.total, breakdown: gasBreakdown(needed), limit: tx.gas })
      : undefined;
  return { intrinsic: needed.total, problem };
}

/** Below the calldata floor of networks with Prague (EIP-7623); those networks refuse it. */
export function dataFloorProblem(tx: Pick<CheckedFields, 'data' | 'gas'>): Message | undefined {
  const floor = floorDataGas(tx.data);
  if (tx.gas >= floor) return undefined;
  return msg('core.signing:gas.dataFloor', { floor, limit: tx.gas });
}

export function priorityFeeProblem(
  tx: Pick<CheckedFields, 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
): Message | undefined {
  const { maxFeePerGas: max, maxPriorityFeePerGas: priority } = tx;
  if (max === undefined || priority === undefined || priority <= max) return undefined;
  return msg('core.signing:fee.priorityAboveMax', {
    priority: codeValue(formatGwei(priority)),
    max: codeValue(formatGwei(max)),
  });
}

/** Gas × the highest fee per gas must fit in 256 bits: nodes refuse a cost they cannot represent. */
export function costOverflowProblem(tx: Pick<CheckedFields, 'gas' | 'gasPrice' | 'maxFeePerGas'>): Message | undefined {
  const fee = tx.maxFeePerGas ?? tx.gasPrice ?? 0n;
  if (tx.gas * fee <= UINT256_MAX) return undefined;
  return msg('core.signing:fee.costOverflow');
}

/** Contract code above the EIP-3860 limit in a creating transaction. */
export function initcodeProblem(tx: Pick<CheckedFields, 'to' | 'data'>): Message | undefined {
  const bytes = size(tx.data);
  if (tx.to !== null || bytes <= MAX_INITCODE_BYTES) return undefined;
  return msg('core.signing:data.initcodeTooLarge', { bytes, max: MAX_INITCODE_BYTES });
}

/**
 * EIP-2681: a nonce stays below 2^64 − 1, so the sender's next nonce still fits in 64 bits. (A
 * larger nonce does not fit in the field at all: the decoder and the builder refuse it first.)
 */
export function nonceLimitProblem(tx: Pick<CheckedFields, 'nonce'>): Message | undefined {
  if (tx.nonce !== UINT64_MAX) return undefined;
  return msg('core.signing:nonce.eip2681');
}

/** A set-code transaction (EIP-7702) without any authorization; undefined for other types. */
export function authorizationsProblem(tx: Pick<CheckedFields, 'authorizations'>): Message | undefined {
  if (tx.authorizations !== 0) return undefined;
  return msg('core.signing:raw.noAuthorizations');
}
