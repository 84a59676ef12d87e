import fc from 'fast-check';
import { type Address, bytesToHex, encodeFunctionData, erc20Abi, type Hex, parseAbi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { PERMIT2_ADDRESS } from '../../chain/localChain';
import type { SavedAbi } from './abiIndex';
import { decodeCall, decodeCallData } from './calls';
import { decodedLine } from './decodedItem';
import { STANDARD_ABIS } from './standardAbis';

const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const other: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const alice: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

// Written here rather than taken from standardAbis.ts, so a wrong standard definition fails these tests.
const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
const erc721 = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)']);
const erc1155 = parseAbi([
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
]);
const weth = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)']);
const multicall3 = parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls)']);
const permit2 = parseAbi([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce)[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom((address from, address to, uint160 amount, address token)[] transferDetails)',
  'function allowance(address user, address token, address spender) view returns (uint160, uint48, uint48)',
  'function lockdown((address token, address spender)[] approvals)',
  'function invalidateNonces(address token, address spender, uint48 newNonce)',
]);

const argsOf = (args: { name: string; value: unknown }[]) => Object.fromEntries(args.map((a) => [a.name, a.value]));

describe('decodeCall with the standard ABIs', () => {
  it('decodes an ERC-20 transfer, each argument with its text', () => {
    const input = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 10n ** 24n] });
    expect(decodeCall(input, token, [])).toEqual({
      selector: '0xa9059cbb',
      id: 'transfer(address,uint256)',
      name: 'transfer',
      signature: 'function transfer(address to, uint256 value) returns (bool)',
      args: [
        { name: 'to', type: 'address', value: bob, text: bob },
        { name: 'value', type: 'uint256', value: 10n ** 24n, text: '1000000000000000000000000' },
      ],
      source: 'standard',
    });
  });

  it('decodes an ERC-721 safeTransferFrom with data, distinct from the 3- and 5-argument overloads', () => {
    const input = encodeFunctionData({
      abi: erc721,
      functionName: 'safeTransferFrom',
      args: [alice, bob, 7n, '0xdeadbeef'],
    });
    const call = decodeCall(input, token, []);
    expect(call?.id).toBe('safeTransferFrom(address,address,uint256,bytes)');
    expect(call?.args).toEqual([
      { name: 'from', type: 'address', value: alice, text: alice },
      { name: 'to', type: 'address', value: bob, text: bob },
      { name: 'tokenId', type: 'uint256', value: 7n, text: '7' },
      { name: 'data', type: 'bytes', value: '0xdeadbeef', text: '0xdeadbeef' },
    ]);

    const three = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address, address, uint256)']),
      args: [alice, bob, 7n],
    });
    expect(decodeCall(three, token, [])?.id).toBe('safeTransferFrom(address,address,uint256)');
    const five = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address, address, uint256, uint256, bytes)']),
      args: [alice, bob, 1n, 5n, '0x'],
    });
    expect(argsOf(decodeCall(five, token, [])?.args ?? [])).toMatchObject({ id: 1n, value: 5n, data: '0x' });
  });

  it('decodes an ERC-1155 safeBatchTransferFrom with arrays', () => {
    const input = encodeFunctionData({
      abi: erc1155,
      functionName: 'safeBatchTransferFrom',
      args: [alice, bob, [1n, 2n], [10n, 2n ** 100n], '0x'],
    });
    const call = decodeCall(input, token, []);
    expect(call?.id).toBe('safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)');
    expect(call?.args.slice(2).map((a) => [a.name, a.type, a.text])).toEqual([
      ['ids', 'uint256[]', '[1, 2]'],
      ['values', 'uint256[]', `[10, ${2n ** 100n}]`],
      ['data', 'bytes', '0x'],
    ]);
  });

  it('names the argument ERC-20 and ERC-721 share in approve and transferFrom amount (a value or a token id)', () => {
    const transferFrom = encodeFunctionData({
      abi: parseAbi(['function transferFrom(address, address, uint256)']),
      args: [alice, bob, 3n],
    });
    expect(decodeCall(transferFrom, token, [])?.args.map((a) => a.name)).toEqual(['from', 'to', 'amount']);
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 3n] });
    expect(decodeCall(approve, token, [])?.signature).toBe('function approve(address spender, uint256 amount)');
  });

  it('decodes WETH deposit and withdraw', () => {
    expect(decodeCall(encodeFunctionData({ abi: weth, functionName: 'deposit' }), token, [])).toMatchObject({
      selector: '0xd0e30db0',
      id: 'deposit()',
      args: [],
      source: 'standard',
    });
    const withdraw = decodeCall(
      encodeFunctionData({ abi: weth, functionName: 'withdraw', args: [10n ** 18n] }),
      token,
      [],
    );
    expect(withdraw).toMatchObject({ selector: '0x2e1a7d4d', args: [{ name: 'wad', text: '1000000000000000000' }] });
  });

  it('decodes Multicall3 aggregate3 with a list of tuples, written as JSON-like text', () => {
    const calls = [
      { target: token, allowFailure: false, callData: '0x70a08231' as Hex },
      { target: other, allowFailure: true, callData: '0x' as Hex },
    ];
    const input = encodeFunctionData({ abi: multicall3, functionName: 'aggregate3', args: [calls] });
    const call = decodeCall(input, other, []);
    expect(call?.id).toBe('aggregate3((address,bool,bytes)[])');
    expect(call?.args).toEqual([
      {
        name: 'calls',
        type: '(address,bool,bytes)[]',
        value: calls,
        text: `[{"target": "${token}", "allowFailure": false, "callData": "0x70a08231"}, {"target": "${other}", "allowFailure": true, "callData": "0x"}]`,
      },
    ]);
  });

  it('decodes every Permit2 allowance function (selectors as the deployed contract has them)', () => {
    const expiration = 1_900_000_000;
    const details = { token, amount: 2n ** 160n - 1n, expiration, nonce: 4 };
    const cases: [Hex, string, Record<string, unknown>][] = [
      [
        encodeFunctionData({
          abi: permit2,
          functionName: 'approve',
          args: [token, bob, 2n ** 160n - 1n, expiration],
        }),
        '0x87517c45',
        { token, spender: bob, amount: 2n ** 160n - 1n, expiration },
      ],
      [
        encodeFunctionData({
          abi: permit2,
          functionName: 'permit',
          args: [alice, { details, spender: bob, sigDeadline: 5n }, '0x1234'],
        }),
        '0x2b67b570',
        { owner: alice, permitSingle: { details, spender: bob, sigDeadline: 5n }, signature: '0x1234' },
      ],
      [
        encodeFunctionData({
          abi: permit2,
          functionName: 'permit',
          args: [alice, { details: [details], spender: bob, sigDeadline: 5n }, '0x'],
        }),
        '0x2a2d80d1',
        { owner: alice, permitBatch: { details: [details], spender: bob, sigDeadline: 5n }, signature: '0x' },
      ],
      [
        encodeFunctionData({ abi: permit2, functionName: 'transferFrom', args: [alice, bob, 9n, token] }),
        '0x36c78516',
        { from: alice, to: bob, amount: 9n, token },
      ],
      [
        encodeFunctionData({
          abi: permit2,
          functionName: 'transferFrom',
          args: [[{ from: alice, to: bob, amount: 9n, token }]],
        }),
        '0x0d58b1db',
        { transferDetails: [{ from: alice, to: bob, amount: 9n, token }] },
      ],
      [
        encodeFunctionData({ abi: permit2, functionName: 'allowance', args: [alice, token, bob] }),
        '0x927da105',
        { user: alice, token, spender: bob },
      ],
      [
        encodeFunctionData({ abi: permit2, functionName: 'lockdown', args: [[{ token, spender: bob }]] }),
        '0xcc53287f',
        { approvals: [{ token, spender: bob }] },
      ],
      [
        encodeFunctionData({ abi: permit2, functionName: 'invalidateNonces', args: [token, bob, 7] }),
        '0x65d9723c',
        { token, spender: bob, newNonce: 7 },
      ],
    ];
    for (const [input, selector, args] of cases) {
      const call = decodeCall(input, PERMIT2_ADDRESS, []);
      expect(call?.selector, selector).toBe(selector);
      expect(call?.source).toBe('standard');
      expect(argsOf(call?.args ?? []), selector).toEqual(args);
      expect(call?.irregular, selector).toBeUndefined();
    }
    const permit = decodeCall(cases[1]?.[0] as Hex, PERMIT2_ADDRESS, []);
    expect(permit?.args[1]?.text).toBe(
      `{"details": {"token": "${token}", "amount": ${2n ** 160n - 1n}, "expiration": ${expiration}, "nonce": 4}, "spender": "${bob}", "sigDeadline": 5}`,
    );
  });

  it('returns undefined for plain transfers, creations, unknown selectors and truncated calldata', () => {
    const transfer = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 1n] });
    expect(decodeCall('0x', token, [])).toBeUndefined();
    expect(decodeCall('0xa9059c', token, [])).toBeUndefined();
    expect(decodeCall(transfer, undefined, [])).toBeUndefined();
    expect(decodeCall('0x12345678', token, [])).toBeUndefined();
    expect(decodeCall(`0x12345678${'00'.repeat(64)}`, token, [])).toBeUndefined();
    expect(decodeCall(transfer.slice(0, 50) as Hex, token, [])).toBeUndefined();
    expect(decodeCall(transfer.toUpperCase().replace('0X', '0x') as Hex, token, [])?.name).toBe('transfer');
  });

  it('never throws on arbitrary calldata after a known selector', () => {
    const selectors = STANDARD_ABIS.flatMap((s) => s.abi)
      .filter((i) => i.type === 'function')
      .map((i) => toFunctionSelector(i));
    fc.assert(
      fc.property(fc.constantFrom(...selectors, '0x'), fc.uint8Array({ maxLength: 300 }), (selector, rest) => {
        const input = `${selector}${bytesToHex(rest).slice(2)}` as Hex;
        const call = decodeCall(input, token, []);
        if (call) expect(toFunctionSelector(call.id)).toBe(selector);
      }),
    );
  });
});

describe('decodeCall with saved ABIs', () => {
  it('prefers an ABI saved for the called address, for that address only, matching case-insensitively', () => {
    const saved: SavedAbi[] = [
      {
        address: token.toLowerCase() as Address,
        abi: parseAbi([
          'function transfer(address recipient, uint256 amount) returns (bool)',
          'function mint(uint256 count)',
        ]),
      },
    ];
    const input = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 5n] });
    const mine = decodeCall(input, token, saved);
    expect(mine?.source).toBe('contract');
    expect(mine?.args.map((a) => a.name)).toEqual(['recipient', 'amount']);
    expect(decodeCall(input, other, saved)?.source).toBe('standard');

    const mint = encodeFunctionData({ abi: parseAbi(['function mint(uint256 count)']), args: [2n] });
    expect(decodeCall(mint, token, saved)).toMatchObject({ name: 'mint', source: 'contract' });
    expect(decodeCall(mint, other, saved)).toBeUndefined();
  });

  it('names unnamed parameters by position and skips malformed saved items', () => {
    const saved = [
      {
        address: token,
        abi: [
          { type: 'function', name: 'broken', inputs: [null], outputs: [] },
          { type: 'event', name: 'Odd' },
          { type: 'error', name: 'Odd' },
          ...parseAbi(['function poke(uint8, string)']),
        ],
      },
    ] as unknown as SavedAbi[];
    const input = encodeFunctionData({ abi: parseAbi(['function poke(uint8, string)']), args: [3, 'hi'] });
    expect(decodeCall(input, token, saved)?.args).toEqual([
      { name: 'arg0', type: 'uint8', value: 3, text: '3' },
      { name: 'arg1', type: 'string', value: 'hi', text: 'hi' },
    ]);
  });
});

describe('decodeCallData', () => {
  it('names the function whose selector matched when its arguments do not decode', () => {
    const abi = parseAbi(['function transfer(address recipient, uint256 amount)']);
    const input = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 5n] });
    const cut = input.slice(0, 40) as Hex;
    const decoding = decodeCallData(cut, [abi]);
    expect(decoding).toMatchObject({ status: 'mismatch', selector: '0xa9059cbb' });
    // The first ABI that has the selector is named: the contract's own.
    expect(decoding.status === 'mismatch' && decoding.fn.signature).toBe(
      'function transfer(address recipient, uint256 amount)',
    );
  });

  it('says unknown, with the selector, when no ABI has it', () => {
    expect(decodeCallData('0x12345678')).toEqual({ status: 'unknown', selector: '0x12345678' });
    expect(decodeCallData('0xABCDEF01', [parseAbi(['function other()'])])).toEqual({
      status: 'unknown',
      selector: '0xabcdef01',
    });
  });
});

describe('calldata that is not the standard encoding of what it decodes to', () => {
  const standard = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 5n] });

  it('is flagged when bytes follow the arguments', () => {
    expect(inWords(decodeCall(`${standard}deadbeef`, token, [])?.irregular)).toBe(
      'The data has 4 extra bytes after the arguments shown: the contract may read them.',
    );
  });

  it('is flagged when an address word has bytes set above its 20 bytes', () => {
    const dirty = `${standard.slice(0, 10)}${'ff'.repeat(12)}${standard.slice(34)}` as Hex;
    const call = decodeCall(dirty, token, []);
    expect(call?.args[0]?.value).toBe(bob);
    expect(inWords(call?.irregular)).toMatch(/^The arguments are not in the standard encoding/);
  });

  it('is flagged when a dynamic argument sits at another offset than the standard one', () => {
    const abi = parseAbi(['function setName(string name)']);
    const data = encodeFunctionData({ abi, args: ['cairn'] });
    // Offset 0x40 with an unused word before the string: decodes to the same text.
    const word = (n: number) => n.toString(16).padStart(64, '0');
    const moved = `${data.slice(0, 10)}${word(0x40)}${word(0)}${data.slice(74)}` as Hex;
    const call = decodeCallData(moved, [abi]);
    expect(call.status === 'decoded' && call.call.args[0]?.value).toBe('cairn');
    expect(call.status === 'decoded' && inWords(call.call.irregular)).toMatch(/not in the standard encoding/);
  });

  it('is not flagged when it is exactly standard', () => {
    expect(decodeCall(standard, token, [])).not.toHaveProperty('irregular');
  });
});

describe('decodedLine', () => {
  it('writes the call on one line, strings quoted so they cannot pass for more arguments', () => {
    const abi = parseAbi(['function note(address to, string text, uint256[] ids)']);
    const input = encodeFunctionData({ abi, args: [bob, 'hi", value: 1000', [1n, 2n]] });
    const call = decodeCall(input, token, [{ address: token, abi }]);
    if (!call) throw new Error('not decoded');
    expect(decodedLine(call)).toBe(`note(to: ${bob}, text: "hi\\", value: 1000", ids: [1, 2])`);
  });
});
