import { type AbiFunction, encodeAbiParameters, parseAbiItem } from 'viem';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors/input';
import { decodeResult } from './results';

const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('decodeResult', () => {
  it('decodes eth_call return data into name, type and text per output', () => {
    const balanceOf = parseAbiItem('function balanceOf(address owner) view returns (uint256)') as AbiFunction;
    const data = encodeAbiParameters([{ type: 'uint256' }], [10n ** 24n]);
    expect(decodeResult(balanceOf, data)).toEqual([
      { name: '', type: 'uint256', value: 10n ** 24n, text: '1000000000000000000000000' },
    ]);

    const info = parseAbiItem(
      'function info() view returns (string name, (address who, uint8 level)[] members)',
    ) as AbiFunction;
    const encoded = encodeAbiParameters(info.outputs, ['Cairn', [{ who: VITALIK, level: 3 }]]);
    expect(decodeResult(info, encoded)).toEqual([
      { name: 'name', type: 'string', value: 'Cairn', text: 'Cairn' },
      {
        name: 'members',
        type: '(address,uint8)[]',
        value: [{ who: VITALIK, level: 3 }],
        text: `[{"who": "${VITALIK}", "level": 3}]`,
      },
    ]);
  });

  it('gives [] for a function without outputs and says why an answer does not fit', () => {
    expect(decodeResult(parseAbiItem('function poke()') as AbiFunction, '0x')).toEqual([]);
    const fn = parseAbiItem('function balanceOf(address owner) view returns (uint256)') as AbiFunction;
    const refusal = (shortMessage: string) =>
      expect.objectContaining({ constructor: InputError, code: 'INPUT_ABI', shortMessage });
    expect(() => decodeResult(fn, '0x')).toThrow(
      refusal(
        'The call to balanceOf returned nothing: there may be no contract at this address on this network, or it has no function balanceOf(address).',
      ),
    );
    expect(() => decodeResult(fn, '0x1234')).toThrow(
      refusal('The answer to balanceOf does not fit its outputs (uint256): the ABI may not match this contract.'),
    );
  });
});
