import { UserRejectedRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeAccounts, describeError, parseChainId, toJson } from './format.ts';

describe('the sample dApp’s wording', () => {
  it('shows the wallet’s own code and sentence through viem’s wrapping', () => {
    const fromWallet = { code: 4001, message: 'The person declined the request in Cairn.' };
    const wrapped = new Error('outer', { cause: new UserRejectedRequestError(fromWallet as unknown as Error) });
    expect(describeError(wrapped)).toBe('Error 4001: The person declined the request in Cairn.');
    expect(describeError(fromWallet)).toBe('Error 4001: The person declined the request in Cairn.');
  });

  it('shows errors without a code plainly', () => {
    expect(describeError(new Error('no account'))).toBe('Error: no account');
    expect(describeError('text')).toBe('Error: text');
    const looping: { message: string; cause?: unknown } = { message: 'loop' };
    looping.cause = looping;
    expect(describeError(looping)).toBe('Error: loop');
  });

  it('reads chain ids in decimal or hex', () => {
    expect(parseChainId('31337')).toBe(31337);
    expect(parseChainId(' 0x7a69 ')).toBe(31337);
    expect(parseChainId('0')).toBeUndefined();
    expect(parseChainId('1e3')).toBeUndefined();
    expect(parseChainId('0x')).toBeUndefined();
  });

  it('writes results', () => {
    expect(toJson({ block: 5n })).toBe('{"block":"5"}');
    expect(toJson(undefined)).toBe('null');
    expect(describeAccounts([])).toBe('no accounts');
  });
});
