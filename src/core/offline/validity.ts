import type { DecodedTx } from './decodedTx';
import * as rules from './txChecks';

function checkedFields(tx: DecodedTx) {
  return { ...tx, authorizations: tx.authorizationList?.length };
}

/**
 * Reasons every node refuses a transaction that decodes and has a valid signature: too little
 * gas to start, a priority fee above the max fee, a cost beyond 256 bits, a nonce at 2^64 − 1,
 * oversized contract code, a set-code transaction with no authorization.
 */
export function txProblems(tx: DecodedTx): { intrinsic: bigint; problems: string[] } {
  const fields = checkedFields(tx);
  const { intrinsic, problem: gasProblem } = rules.intrinsicGasCheck(fields);
  const problems = [
    gasProblem,
    rules.priorityFeeProblem(fields),
    rules.costOverflowProblem(fields),
    tx.nonce === rules.UINT64_MAX ? 'The nonce is 2^64 − 1, which EIP-2681 does not allow.' : undefined,
    rules.initcodeProblem(fields),
    tx.authorizationList?.length === 0
      ? 'A set-code transaction (type 4) needs at least one authorization.'
      : undefined,
  ].filter((problem): problem is string => problem !== undefined);
  return { intrinsic, problems };
}

/**
 * Things to know that do not stop every node from taking the transaction: the Prague data floor
 * (EIP-7623) only applies on networks with that upgrade.
 */
export function txWarnings(tx: DecodedTx): string[] {
  const floor = tx.gas >= tx.intrinsicGas ? rules.dataFloorProblem(tx) : undefined;
  return floor ? [floor] : [];
}
