import { type Hex, size } from 'viem';
import { type Message, msg } from '../i18n/message';
import type { FieldErrors, OfflineTx } from './offlineTx';
import {
  type CheckedFields,
  costOverflowProblem,
  dataFloorProblem,
  initcodeProblem,
  intrinsicGasCheck,
  MAX_TX_BYTES,
  priorityFeeProblem,
  UINT64_MAX,
  UINT256_MAX,
} from './txChecks';

/**
 * The rules an offline transaction must follow before Cairn signs it, shared by typed drafts
 * and imported files. Each rule returns the sentence to show next to its field; the rules a node
 * applies are in txChecks (shared with the raw-transaction decoder).
 */

/** Chain ids and nonces are JavaScript numbers in viem: whole numbers up to 2^53 − 1. */
export const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function chainIdProblem(value: bigint): Message | undefined {
  if (value < 1n || value > MAX_SAFE) return msg('core.signing:chainId.range', { max: MAX_SAFE });
  return undefined;
}

export function nonceProblem(value: bigint): Message | undefined {
  if (value < 0n) return msg('core.signing:nonce.negative');
  if (value > MAX_SAFE) return msg('core.signing:nonce.tooLarge', { max: MAX_SAFE });
  return undefined;
}

/** An amount in wei: the value or a fee per gas (the field starts the sentence). */
export type WeiField = 'value' | 'gasPrice' | 'maxFee' | 'priorityFee';

export function wordProblem(value: bigint, field: WeiField): Message | undefined {
  if (value < 0n) return msg('core.signing:wei.negative', { field });
  if (value > UINT256_MAX) return msg('core.signing:wei.tooLarge', { field });
  return undefined;
}

export function gasLimitProblem(value: bigint): Message | undefined {
  if (value > UINT64_MAX) return msg('core.signing:gasLimit.tooLarge', { max: UINT64_MAX });
  return undefined;
}

function dataRule(to: OfflineTx['to'], data: Hex): Message | undefined {
  const bytes = size(data);
  // Nodes refuse transactions larger than 128 KiB; data alone must stay below it.
  if (bytes > MAX_TX_BYTES) return msg('core.signing:data.tooLarge', { bytes });
  return initcodeProblem({ to, data });
}

/**
 * The transaction in the shape the shared rules read. Its nonce is left out: Cairn signs nonces
 * only up to 2^53 − 1 (nonceProblem), far below the EIP-2681 limit.
 */
function checkedFields(tx: OfflineTx): Omit<CheckedFields, 'nonce'> {
  return {
    to: tx.to,
    data: tx.data,
    gas: tx.gas,
    accessList: tx.type === 'legacy' ? undefined : tx.accessList,
    ...(tx.type === 'eip1559'
      ? { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
      : { gasPrice: tx.gasPrice }),
  };
}

/**
 * Every rule, single-field and across fields: ranges, a recipient or contract code, gas at least
 * the intrinsic gas (and the Prague data floor), the priority fee not above the max fee, and
 * gas × fee within 256 bits. Returns no keys when the transaction can be signed.
 */
export function checkUnsignedTx(tx: OfflineTx): FieldErrors {
  const errors: FieldErrors = {};
  const set = (field: keyof FieldErrors, problem: Message | undefined) => {
    if (problem !== undefined && errors[field] === undefined) errors[field] = problem;
  };
  set('chainId', Number.isSafeInteger(tx.chainId) ? chainIdProblem(BigInt(tx.chainId)) : chainIdProblem(-1n));
  set('nonce', Number.isSafeInteger(tx.nonce) ? nonceProblem(BigInt(tx.nonce)) : msg('core.signing:nonce.notWhole'));
  set('value', wordProblem(tx.value, 'value'));
  if (tx.to === null && size(tx.data) === 0) set('to', msg('core.signing:offline.noRecipient'));
  set('data', dataRule(tx.to, tx.data));
  const checked = checkedFields(tx);
  // Cairn does not sign below the Prague data floor: the same transaction may be sent anywhere.
  set('gasLimit', gasLimitProblem(tx.gas) ?? intrinsicGasCheck(checked).problem ?? dataFloorProblem(checked));

  const feeField = tx.type === 'eip1559' ? 'maxFeePerGas' : 'gasPrice';
  const fee = tx.type === 'eip1559' ? tx.maxFeePerGas : tx.gasPrice;
  set(feeField, wordProblem(fee, tx.type === 'eip1559' ? 'maxFee' : 'gasPrice'));
  if (tx.type === 'eip1559') {
    set('maxPriorityFeePerGas', wordProblem(tx.maxPriorityFeePerGas, 'priorityFee'));
    set('maxPriorityFeePerGas', priorityFeeProblem(checked));
  }
  if (errors.gasLimit === undefined && errors[feeField] === undefined) set(feeField, costOverflowProblem(checked));
  return errors;
}
