import { describe, expect, it } from 'vitest';
import { isProviderError, PROVIDER_ERROR_CODES, providerError } from './providerErrors';

describe('the errors a dApp receives', () => {
  it('carry EIP-1193 and EIP-1474 codes with a sentence, and data only when given', () => {
    expect(providerError('userRejected')).toEqual({ code: 4001, message: 'The person declined in Cairn.' });
    expect(providerError('unsupportedMethod', 'Cairn does not offer eth_foo.')).toEqual({
      code: 4200,
      message: 'Cairn does not offer eth_foo.',
    });
    expect(providerError('invalidParams', undefined, { index: 1 })).toMatchObject({ code: -32602, data: { index: 1 } });
    expect(Object.values(PROVIDER_ERROR_CODES)).toEqual([
      4001, 4100, 4200, 4900, 4901, 4902, -32600, -32602, -32603, -32005, 5700, 5710, 5720, 5730, 5740, 5750, 5760,
    ]);
  });

  it('are told apart from anything else that crosses the channel', () => {
    expect(isProviderError(providerError('disconnected'))).toBe(true);
    expect(isProviderError(structuredClone(providerError('limitExceeded')))).toBe(true);
    for (const other of [
      null,
      'x',
      { code: 4001 },
      { code: 1, message: 'x' },
      { code: '4001', message: 'x' },
      new Error('x'),
    ]) {
      expect(isProviderError(other)).toBe(false);
    }
  });
});
