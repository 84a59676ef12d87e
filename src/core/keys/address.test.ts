import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { addressOrProblem } from './address';

describe('addressOrProblem', () => {
  it('gives the checksummed address of a valid one', () => {
    const lower = `0x${'ab'.repeat(20)}` as const;
    expect(addressOrProblem(lower, msg('common:error.unexpected'))).toEqual({ address: getAddress(lower) });
  });

  it('gives the words of why a text is not an address', () => {
    const outcome = addressOrProblem('0x12', msg('common:error.unexpected'));
    expect(outcome).toEqual({ problem: msg('core.keys:address.length', { digits: 2 }) });
  });
});
