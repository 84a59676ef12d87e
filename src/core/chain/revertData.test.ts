import { BaseError, encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../i18n/message';
import { decodeRevertData, findRevertData } from './revertData';

describe('revert data', () => {
  it('decodes Error(string), Panic(uint256) and names custom errors', () => {
    const error = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['Nope: café'],
    });
    expect(decodeRevertData(error)).toBe('Nope: café');
    const panic = encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x11n] });
    expect(renderMessage(decodeRevertData(panic) ?? '')).toBe('panic: arithmetic overflow or underflow');
    expect(renderMessage(decodeRevertData('0xdeadbeef') ?? '')).toBe('custom error 0xdeadbeef');
    expect(decodeRevertData('0x')).toBeUndefined();
  });

  it('finds revert data wherever the node put it', () => {
    const data = '0x08c379a0ffff';
    expect(findRevertData({ cause: { cause: { data } } })).toBe(data);
    expect(findRevertData({ cause: { data: { message: 'x', data } } })).toBe(data);
    expect(findRevertData(new Error('plain'))).toBeUndefined();
  });

  it('skips data that is not revert data, and stops at a cycle', () => {
    const data = '0xdeadbeef';
    expect(findRevertData({ data: '0x12', cause: { data: 'not hex', cause: { data } } })).toBe(data);
    const viem = new BaseError('execution reverted', { cause: Object.assign(new Error('node'), { data }) });
    expect(findRevertData(viem)).toBe(data);
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = { cause: cyclic };
    expect(findRevertData(cyclic)).toBeUndefined();
  });
});
