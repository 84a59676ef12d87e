import { type AbiFunction, encodeFunctionData, erc20Abi, erc721Abi, type Hex, parseAbi, parseAbiItem } from 'viem';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/input';
import { renderMessage } from '../i18n/message';
import { decodeCalldata, encodeCalldata } from './calldata';

const TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

function refusal(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('decodeCalldata', () => {
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, 10n ** 18n] });

  it('decodes an ERC-20 transfer with the standard ABIs', () => {
    expect(decodeCalldata(transfer)).toEqual({
      status: 'decoded',
      selector: '0xa9059cbb',
      id: 'transfer(address,uint256)',
      name: 'transfer',
      signature: 'function transfer(address to, uint256 value) returns (bool)',
      args: [
        { name: 'to', type: 'address', value: TO, text: TO },
        { name: 'value', type: 'uint256', value: 10n ** 18n, text: '1000000000000000000' },
      ],
      source: 'standard',
    });
  });

  it('ignores spaces and line breaks, and takes upper-case hex', () => {
    const spaced = `  ${transfer.slice(0, 10)}\n${transfer.slice(10, 74)} ${transfer.slice(74).toUpperCase()}  `;
    expect(decodeCalldata(spaced)).toMatchObject({ status: 'decoded', name: 'transfer' });
  });

  it('prefers the ABI given, with its parameter names, and decodes nested values', () => {
    const abi = parseAbi([
      'function send(address recipient, uint256 amount)',
      'function fill((address maker, uint96[] amounts) order, bytes)',
    ]);
    const data = encodeFunctionData({ abi, functionName: 'send', args: [TO, 5n] });
    expect(decodeCalldata(data, abi)).toMatchObject({
      source: 'contract',
      args: [{ name: 'recipient' }, { name: 'amount', text: '5' }],
    });
    const fill = encodeFunctionData({ abi, functionName: 'fill', args: [{ maker: TO, amounts: [1n, 2n] }, '0xbeef'] });
    expect(decodeCalldata(fill, abi)).toMatchObject({
      name: 'fill',
      args: [
        { name: 'order', type: '(address,uint96[])', text: `{"maker": "${TO}", "amounts": [1, 2]}` },
        { name: 'arg1', type: 'bytes', text: '0xbeef' },
      ],
    });
  });

  it('falls back to the standard ABIs when the given one lacks the selector', () => {
    const data = encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [7n] });
    expect(decodeCalldata(data, parseAbi(['function other()']))).toMatchObject({
      status: 'decoded',
      name: 'ownerOf',
      source: 'standard',
    });
  });

  it('reads approve and transferFrom, which ERC-20 and ERC-721 share, with a name that fits both', () => {
    const approve = encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [TO, 7n] });
    expect(decodeCalldata(approve)).toMatchObject({
      signature: 'function approve(address spender, uint256 amount)',
      args: [{ name: 'spender' }, { name: 'amount', text: '7' }],
    });
  });

  it('decodes Permit2 and WETH calls', () => {
    const permit2 = parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
    const data = encodeFunctionData({ abi: permit2, functionName: 'approve', args: [TO, TO, 5n, 6] });
    expect(decodeCalldata(data)).toMatchObject({ status: 'decoded', selector: '0x87517c45', source: 'standard' });
    expect(decodeCalldata('0xd0e30db0')).toMatchObject({ status: 'decoded', signature: 'function deposit() payable' });
  });

  it('states an unknown selector as a result', () => {
    const unknown = decodeCalldata('0x12345678');
    expect(unknown).toMatchObject({ status: 'unknown', selector: '0x12345678' });
    expect(unknown.status === 'unknown' && renderMessage(unknown.message)).toBe(
      'Unknown selector 0x12345678: none of the standard ABIs (ERC-20, ERC-721, ERC-1155, WETH, Multicall3, Permit2) have a function with it.',
    );
    const withAbi = decodeCalldata('0x12345678ab', parseAbi(['function other()']));
    expect(withAbi.status === 'unknown' && renderMessage(withAbi.message)).toMatch(
      /^Unknown selector 0x12345678: neither this ABI nor the standard ABIs/,
    );
  });

  it('refuses garbage, odd digits and text shorter than a selector', () => {
    const cases: [string, string][] = [
      ['', 'Paste the calldata: 0x followed by hex digits.'],
      ['hello', 'Calldata is hex: 0x followed by hex digits (0–9, a–f).'],
      ['a9059cbb', 'Calldata is hex: 0x followed by hex digits (0–9, a–f).'],
      ['0xa9059cb', 'Calldata is whole bytes (an even number of hex digits); this has 7.'],
      ['0xa905', 'Calldata starts with a 4-byte function selector (8 hex digits after 0x); this has only 2 bytes.'],
      ['0x', 'Calldata starts with a 4-byte function selector (8 hex digits after 0x); this has only 0 bytes.'],
    ];
    for (const [text, sentence] of cases) {
      const error = refusal(() => decodeCalldata(text));
      expect(error.code, text).toBe('INPUT_CALLDATA');
      expect(error.shortMessage, text).toBe(sentence);
    }
  });

  it('says so when the selector matches but the arguments do not decode', () => {
    const error = refusal(() => decodeCalldata(transfer.slice(0, 20)));
    expect(error.code).toBe('INPUT_CALLDATA');
    expect(error.shortMessage).toBe(
      'The selector 0xa9059cbb is transfer(address,uint256), but the arguments after it do not decode as that function’s.',
    );
  });
});

describe('encodeCalldata', () => {
  it('encodes what was typed, the same as viem', () => {
    const fn = parseAbiItem('function transfer(address to, uint256 amount) returns (bool)') as AbiFunction;
    expect(encodeCalldata(fn, [TO.toLowerCase(), '1_000'])).toBe(
      encodeFunctionData({ abi: [fn], functionName: 'transfer', args: [TO, 1000n] }),
    );
    expect(() => encodeCalldata(fn, [TO, '1.5'])).toThrow('amount: uint256 takes whole numbers');
  });
});

describe('calldata that is not the standard encoding of what it decodes to', () => {
  const standard = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: ['0x1111111111111111111111111111111111111111', 5n],
  });

  it('is decoded, and flagged: extra bytes after the arguments', () => {
    const decoded = decodeCalldata(`${standard}deadbeef`);
    expect(decoded.status).toBe('decoded');
    expect(decoded.status === 'decoded' && decoded.irregular && renderMessage(decoded.irregular)).toBe(
      'The data has 4 extra bytes after the arguments shown: the contract may read them.',
    );
  });

  it('is decoded, and flagged: bytes set in an address’s padding', () => {
    const dirty = `${standard.slice(0, 10)}${'ff'.repeat(12)}${standard.slice(34)}` as Hex;
    const decoded = decodeCalldata(dirty);
    expect(decoded.status === 'decoded' && decoded.irregular && renderMessage(decoded.irregular)).toMatch(
      /not in the standard encoding/,
    );
  });

  it('is not flagged when it is exactly standard', () => {
    const decoded = decodeCalldata(standard);
    expect(decoded.status === 'decoded' && decoded.irregular).toBeUndefined();
  });
});
