import type { Message } from '../i18n/message';
import type { DecodedTx } from './decodedTx';
import * as rules from './txChecks';

/** The decoded transaction in the shape the shared rules read. */
function checkedFields(tx: DecodedTx): rules.CheckedFields {
  return {
    nonce: tx.nonce,
    to: tx.to,
    data: tx.data,
    gas: tx.gas,
    accessList: tx.accessList,
    authorizations: tx.authorizationList?.length,
    gasPrice: tx.gasPrice,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
  };
}

/**
 * Reasons every node refuses a transaction that decodes and has a valid signature: too little
 * gas to start, a priority fee above the max fee, a cost beyond 256 bits, a nonce at 2^64 − 1,
 * oversized contract code, a set-code transaction with no authorization.
 */
export function txProblems(tx: DecodedTx): { intrinsic: bigint; problems: Message[] } {
  const fields = checkedFields(tx);
  const { intrinsic, problem: gasProblem } = rules.intrinsicGasCheck(fields);
  const problems = [
    gasProblem,
    rules.priorityFeeProblem(fields),
    rules.costOverflowProblem(fields),
    rules.nonceLimitProblem(fields),
    rules.initcodeProblem(fields),
    rules.authorizationsProblem(fields),
  ].filter((problem): problem is Message => problem !== undefined);
  return { intrinsic, problems };
}

/**
 * Things to know that do not stop every node from taking the transaction: the Prague data floor
 * (EIP-7623) only applies on networks with that upgrade. Said only once the gas covers the
 * intrinsic gas, which is the problem to fix first.
 */
export function txWarnings(tx: DecodedTx): Message[] {
  const floor = tx.gas >= tx.intrinsicGas ? rules.dataFloorProblem(tx) : undefined;
  return floor ? [floor] : [];
}
