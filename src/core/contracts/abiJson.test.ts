import { erc20Abi } from 'viem';
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
});
