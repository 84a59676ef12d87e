import { type AbiFunction, erc20Abi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseAbiJson } from './abiJson';

describe('reading a pasted ABI', () => {
  it('accepts a compiler ABI, or an artifact with an "abi" field', () => {
    expect(parseAbiJson(JSON.stringify(erc20Abi))).toHaveLength(erc20Abi.length);
    expect(parseAbiJson(JSON.stringify({ contractName: 'X', abi: erc20Abi }))).toHaveLength(erc20Abi.length);
  });

  it('names what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['', /Paste the contract/],
      ['{not json', /not JSON/],
      ['{"a":1}', /JSON array/],
      ['[]', /empty/],
      ['[1]', /Item 1 is not an object/],
      ['[{"type":"banana"}]', /unknown type “banana”/],
      ['[{"type":"function","inputs":[]}]', /has no name/],
      ['[{"type":"function","name":"f","inputs":[{"type":"uint7"}]}]', /Item 1 \(f\) is not valid/],
    ];
    for (const [text, message] of cases) expect(() => parseAbiJson(text), text).toThrow(message);
  });

  it('writes out Solidity aliases, so the selector is the one the contract knows', () => {
    const abi = parseAbiJson(
      JSON.stringify([
        {
          type: 'function',
          name: 'deposit',
          stateMutability: 'payable',
          inputs: [
            { name: 'x', type: 'uint' },
            { name: 'ys', type: 'int[2]' },
            { name: 'b', type: 'byte' },
            { name: 't', type: 'tuple[]', components: [{ name: 'n', type: 'uint' }] },
          ],
          outputs: [{ name: '', type: 'uint' }],
        },
      ]),
    );
    const fn = abi[0] as AbiFunction;
    expect(fn.inputs.map((p) => p.type)).toEqual(['uint256', 'int256[2]', 'bytes1', 'tuple[]']);
    expect((fn.inputs[3] as { components: readonly { type: string }[] }).components[0]?.type).toBe('uint256');
    expect(fn.outputs[0]?.type).toBe('uint256');
    expect(toFunctionSelector(fn)).toBe(toFunctionSelector('function deposit(uint256,int256[2],bytes1,(uint256)[])'));
  });

  it('refuses names with hidden or direction-changing characters, showing them as codes in the message', () => {
    const named = (name: string, param = 'to') =>
      JSON.stringify([{ type: 'function', name, inputs: [{ name: param, type: 'address' }] }]);
    expect(() => parseAbiJson(named('tra\u202Ensfer'))).toThrow('Item 1 (tra\\u{202E}nsfer) is not valid');
    expect(() => parseAbiJson(named('transfer', 'to\u200D'))).toThrow('Item 1 (transfer) is not valid');
    const outputs = [{ type: 'function', name: 'f', inputs: [], outputs: [{ name: 'r\u2066', type: 'uint256' }] }];
    expect(() => parseAbiJson(JSON.stringify(outputs))).toThrow('is not valid');
  });
});
