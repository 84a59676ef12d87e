import { encodeFunctionResult } from 'viem';
import { describe, expect, it } from 'vitest';
import { feedAbi } from './feedAbi';
import { toRoundRead } from './roundReader';

const answer = (value: bigint, updatedAt: bigint) =>
  encodeFunctionResult({ abi: feedAbi, functionName: 'getRoundData', result: [7n, value, updatedAt, updatedAt, 7n] });

describe('what a round read says', () => {
  it('gives the round the feed answered', () => {
    expect(toRoundRead(7n, { ok: true, data: answer(3_000_00000000n, 1_700_000_000n) })).toEqual({
      id: 7n,
      answer: 3_000_00000000n,
      updatedAt: 1_700_000_000,
    });
  });

  it('takes a revert with a reason, a zero or negative answer and a round never updated as no data', () => {
    expect(toRoundRead(7n, { ok: false, saidWhy: true })).toBeNull();
    expect(toRoundRead(7n, { ok: true, data: answer(0n, 1_700_000_000n) })).toBeNull();
    expect(toRoundRead(7n, { ok: true, data: answer(-5n, 1_700_000_000n) })).toBeNull();
    expect(toRoundRead(7n, { ok: true, data: answer(5n, 0n) })).toBeNull();
  });

  it('calls a failure without a reason, or a cut answer, unclear (it may have run out of gas)', () => {
    expect(toRoundRead(7n, { ok: false, saidWhy: false })).toBe('unclear');
    expect(toRoundRead(7n, { ok: true, data: '0x' })).toBe('unclear');
    expect(toRoundRead(7n, { ok: true, data: answer(5n, 9n).slice(0, 100) as `0x${string}` })).toBe('unclear');
    expect(toRoundRead(7n, { ok: true, data: undefined })).toBe('unclear');
  });
});
