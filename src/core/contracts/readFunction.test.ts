import { BaseError, encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { ChainError, RevertedError } from '../errors/chain';
import { theirWords } from '../errors/theirWords';
import { withCustomError } from './readFunction';

const abi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'error InsufficientBalance(uint256 available, uint256 required)',
]);

/** A revert as viem reports it: the node's error, with the revert data, as the cause. */
function revertWith(data: `0x${string}`): RevertedError {
  const cause = Object.assign(new BaseError('execution reverted'), { data });
  return new RevertedError({ reason: `custom error ${data.slice(0, 10)}`, cause });
}

describe('withCustomError', () => {
  it('names a custom error of the ABI with its arguments', () => {
    const data = encodeErrorResult({ abi, errorName: 'InsufficientBalance', args: [5n, 7n] });
    const error = withCustomError(revertWith(data), abi);
    expect(error).toBeInstanceOf(RevertedError);
    expect(error.message).toBe('The contract refused the call: InsufficientBalance(available: 5, required: 7)');
    expect((error as RevertedError).reason).toBe('InsufficientBalance(available: 5, required: 7)');
  });

  it('leaves other errors, reverts with standard reasons and unknown selectors as they are', () => {
    const unknown = revertWith('0x12345678');
    expect(withCustomError(unknown, abi)).toBe(unknown);
    const node = new ChainError('CHAIN_UNREACHABLE', theirWords('The node could not be reached.'));
    expect(withCustomError(node, abi)).toBe(node);
    const data = encodeErrorResult({ abi, errorName: 'InsufficientBalance', args: [5n, 7n] });
    const withoutErrors = revertWith(data);
    expect(withCustomError(withoutErrors, parseAbi(['function f()']))).toBe(withoutErrors);
  });
});
