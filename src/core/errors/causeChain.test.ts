import { describe, expect, it } from 'vitest';
import { causeChain, causeText, causeWords, findCause, findNamed, innermostDetails } from './causeChain';

describe('causeChain', () => {
  it('lists an error and its causes, outermost first', () => {
    const inner = new Error('inner');
    const middle = new Error('middle', { cause: inner });
    const outer = new Error('outer', { cause: middle });
    expect(causeChain(outer)).toEqual([outer, middle, inner]);
  });

  it('includes plain-object and string causes, and stops after a string', () => {
    const data = { data: '0x08c379a0' };
    const outer = new Error('outer', { cause: data });
    expect(causeChain(outer)).toEqual([outer, data]);
    expect(causeChain(new Error('x', { cause: 'text' }))).toHaveLength(2);
  });

  it('ends a cycle instead of looping', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(causeChain(a)).toEqual([a, b]);
  });

  it('stops at 20 links', () => {
    let error = new Error('0');
    for (let i = 1; i < 50; i++) error = new Error(String(i), { cause: error });
    expect(causeChain(error)).toHaveLength(20);
  });

  it('is empty for nothing', () => {
    expect(causeChain(undefined)).toEqual([]);
    expect(causeChain(null)).toEqual([]);
  });

  it('finds the first matching cause and joins every message and details', () => {
    const inner = Object.assign(new Error('nonce too low'), { details: 'nonce too low: next nonce 5' });
    const outer = Object.assign(new Error('Transaction failed', { cause: inner }), { shortMessage: 'Failed' });
    expect(findCause(outer, (e) => (e as Error).message === 'nonce too low')).toBe(inner);
    expect(causeText(outer)).toBe('Transaction failed Failed nonce too low nonce too low: next nonce 5');
  });

  it('reads what was said without the client’s context: short messages and details', () => {
    const node = { code: -32000, message: 'nonce too low' };
    const rpc = Object.assign(
      new Error('RPC Request failed.\n\nRequest body: {"method":"insufficientFunds()"}', { cause: node }),
      {
        shortMessage: 'RPC Request failed.',
        details: 'nonce too low',
      },
    );
    expect(causeWords(rpc)).toBe('RPC Request failed. nonce too low nonce too low');
    expect(causeWords(rpc)).not.toContain('insufficientFunds');
    expect(causeWords('plain text')).toBe('plain text');
  });

  it('finds the innermost details and a cause by name', () => {
    const inner = Object.assign(new Error('inner'), {
      name: 'RpcRequestError',
      details: 'max fee per gas less than block base fee',
    });
    const outer = Object.assign(new Error('outer', { cause: inner }), { details: 'outer words' });
    expect(innermostDetails(outer)).toBe('max fee per gas less than block base fee');
    expect(innermostDetails(new Error('no details'))).toBeUndefined();
    expect(findNamed(outer, 'HttpRequestError', 'RpcRequestError')).toBe(inner);
    expect(findNamed(outer, 'TimeoutError')).toBeUndefined();
  });
});
