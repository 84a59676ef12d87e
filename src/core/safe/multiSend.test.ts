import { concatHex, decodeFunctionData, type Hex, pad, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { multiSendCalls, multiSendData } from './multiSend';
import { multiSendAbi } from './safeAbi';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

describe('MultiSendCallOnly batches', () => {
  it('packs each call as operation ‖ to ‖ value ‖ data length ‖ data, and reads them back', () => {
    const calls = [
      { to: A, value: 5n, data: '0x' as Hex },
      { to: B, value: 0n, data: '0xa9059cbb00' as Hex },
    ] as const;
    const { args } = decodeFunctionData({ abi: multiSendAbi, data: multiSendData(calls) });
    const expected = concatHex([
      '0x00',
      A,
      pad(toHex(5n)),
      pad(toHex(0n)),
      '0x00',
      B,
      pad(toHex(0n)),
      pad(toHex(5n)),
      '0xa9059cbb00',
    ]);
    expect(args[0]).toBe(expected);
    expect(multiSendCalls(expected)).toEqual(calls);
  });

  it('refuses a packed delegatecall, and calls cut off in the middle', () => {
    const call = concatHex(['0x00', A, pad(toHex(0n)), pad(toHex(4n)), '0xdeadbeef']);
    expect(() => multiSendCalls(concatHex(['0x01', call.slice(4) as Hex]))).toThrow(/delegatecall/);
    expect(() => multiSendCalls(call.slice(0, -2) as Hex)).toThrow(/cut off/);
  });
});
