import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import type { Message } from '../i18n/message';
import { MAX_INITCODE_BYTES } from './intrinsicGas';
import * as rules from './txChecks';
import { UINT64_MAX, UINT256_MAX } from './txChecks';

/** A rule whose sentence comes back in words (English, in tests). */
const worded =
  <A extends unknown[]>(rule: (...args: A) => Message | undefined) =>
  (...args: A): string | undefined =>
    inWords(rule(...args));

const authorizationsProblem = worded(rules.authorizationsProblem);
const costOverflowProblem = worded(rules.costOverflowProblem);
const dataFloorProblem = worded(rules.dataFloorProblem);
const initcodeProblem = worded(rules.initcodeProblem);
const nonceLimitProblem = worded(rules.nonceLimitProblem);
const priorityFeeProblem = worded(rules.priorityFeeProblem);
const intrinsicGasCheck = (tx: Parameters<typeof rules.intrinsicGasCheck>[0]) => {
  const { intrinsic, problem } = rules.intrinsicGasCheck(tx);
  return { intrinsic, problem: inWords(problem) };
};

const to = '0x000000000000000000000000000000000000dEaD';
const bytes = (count: number, byte = 'ff') => `0x${byte.repeat(count)}` as Hex;

describe('the transaction rules shared by the offline builder and the raw-transaction decoder', () => {
  it('intrinsic gas: exactly enough passes, one gas less is refused with where the gas goes', () => {
    // 21,000 + 10 non-zero bytes × 16 + one access-list address 2,400 + two authorizations × 25,000
    const tx = {
      to,
      data: bytes(10),
      accessList: [{ address: to, storageKeys: [] }] as const,
      authorizations: 2,
    };
    const needed = 21_000n + 160n + 2_400n + 50_000n;
    expect(intrinsicGasCheck({ ...tx, accessList: [...tx.accessList], gas: needed })).toEqual({
      intrinsic: needed,
      problem: undefined,
    });
    expect(intrinsicGasCheck({ ...tx, accessList: [...tx.accessList], gas: needed - 1n }).problem).toBe(
      'This transaction needs at least 73,560 gas before it runs (21,000 plus 160 for its data, 2,400 for its access list, 50,000 for its authorizations); the gas limit is 73,559.',
    );
  });

  it('intrinsic gas of a contract creation counts the creation and its code words', () => {
    // 21,000 + 33 zero bytes × 4 + 32,000 + 2 words × 2
    const check = intrinsicGasCheck({ to: null, data: bytes(33, '00'), gas: 53_135n });
    expect(check.intrinsic).toBe(53_136n);
    expect(check.problem).toMatch(/132 for its data, 32,004 to create a contract\); the gas limit is 53,135\.$/);
  });

  it('EIP-7623 data floor: at the floor passes, one below is refused', () => {
    // 100 non-zero bytes = 400 tokens; floor 21,000 + 4,000
    expect(dataFloorProblem({ data: bytes(100), gas: 25_000n })).toBeUndefined();
    expect(dataFloorProblem({ data: bytes(100), gas: 24_999n })).toBe(
      'Networks with the Prague upgrade (EIP-7623) charge at least 25,000 gas for this much data; the gas limit is 24,999.',
    );
  });

  it('priority fee: equal to the max fee passes, one wei above is refused; absent fees pass', () => {
    expect(priorityFeeProblem({ maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n })).toBeUndefined();
    expect(priorityFeeProblem({ maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 2_000_000_001n })).toBe(
      'The priority fee (2.000000001 gwei) cannot be above the max fee (2 gwei).',
    );
    expect(priorityFeeProblem({ maxFeePerGas: undefined, maxPriorityFeePerGas: undefined })).toBeUndefined();
  });

  it('gas × fee: exactly 2^256 − 1 passes, one more is refused, with either kind of fee', () => {
    // 2^256 − 1 = 3 × 5 × 17 × 257 × … : gas 15, fee (2^256 − 1) / 15 is exact.
    const fee = UINT256_MAX / 15n;
    expect(15n * fee).toBe(UINT256_MAX);
    expect(costOverflowProblem({ gas: 15n, maxFeePerGas: fee })).toBeUndefined();
    expect(costOverflowProblem({ gas: 15n, gasPrice: fee })).toBeUndefined();
    expect(costOverflowProblem({ gas: 15n, maxFeePerGas: fee + 1n })).toBe(
      'The gas limit times this fee is too large to pay (more than 2^256 − 1 wei).',
    );
    expect(costOverflowProblem({ gas: 16n, gasPrice: fee })).toBeDefined();
  });

  it('contract code: 49,152 bytes passes, 49,153 is refused, and a call may carry more', () => {
    expect(initcodeProblem({ to: null, data: bytes(MAX_INITCODE_BYTES) })).toBeUndefined();
    expect(initcodeProblem({ to: null, data: bytes(MAX_INITCODE_BYTES + 1) })).toBe(
      'Contract code is 49,153 bytes; a contract creation carries at most 49,152 (EIP-3860).',
    );
    expect(initcodeProblem({ to, data: bytes(MAX_INITCODE_BYTES + 1) })).toBeUndefined();
  });

  it('nonce (EIP-2681): 2^64 − 2 passes, 2^64 − 1 is refused', () => {
    expect(nonceLimitProblem({ nonce: UINT64_MAX - 1n })).toBeUndefined();
    expect(nonceLimitProblem({ nonce: UINT64_MAX })).toBe('The nonce is 2^64 − 1, which EIP-2681 does not allow.');
  });

  it('authorizations: one passes, an empty list is refused, none at all (not type 4) passes', () => {
    expect(authorizationsProblem({ authorizations: 1 })).toBeUndefined();
    expect(authorizationsProblem({ authorizations: 0 })).toBe(
      'A set-code transaction (type 4) needs at least one authorization.',
    );
    expect(authorizationsProblem({ authorizations: undefined })).toBeUndefined();
  });
});
