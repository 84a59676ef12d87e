import { parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { listFunctions } from '@/core/contracts/functions';
import { ChainError, RevertedError } from '@/core/errors/chain';
import { theirWords } from '@/core/errors/theirWords';
import { renderMessage } from '@/core/i18n/message';
import { readFailure } from './readFailure';

const abi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'error InsufficientBalance(uint256 available, uint256 required)',
]);

describe('readFailure', () => {
  const [balanceOf] = listFunctions(abi).read;
  if (!balanceOf) throw new Error('no balanceOf');

  it('says which read failed and why', () => {
    expect(
      renderMessage(
        readFailure(new ChainError('CHAIN_UNREACHABLE', theirWords('The node could not be reached.')), balanceOf),
      ),
    ).toBe('Could not read balanceOf: The node could not be reached.');
  });

  it('suggests a wrong ABI when the contract reverts without a reason', () => {
    expect(renderMessage(readFailure(new RevertedError({}), balanceOf))).toBe(
      'Could not read balanceOf: The contract refused the call without giving a reason. If the ABI does not match this contract, it may have no function balanceOf(address).',
    );
  });
});
