import fc from 'fast-check';
import {
  type Address,
  bytesToHex,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseAbiParameters,
  toEventSelector,
  toFunctionSelector,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { type DecodedLog, decodeCall, decodeLogs, formatDecodedValue, type SavedAbi, STANDARD_ABIS } from './txDecode';

const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const other: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const alice: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const erc20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);
const erc721 = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
]);
const erc1155 = parseAbi([
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event URI(string value, uint256 indexed id)',
]);
const weth = parseAbi(['function deposit() payable', 'event Deposit(address indexed dst, uint256 wad)']);

/** A log as the node returns it; encodeEventTopics types its result loosely, all entries are Hex here. */
function log(topics: readonly unknown[], data: Hex, address: Address = token, logIndex = 0) {
  return { address, topics: topics as Hex[], data, logIndex };
}

function decodedOnly(decoded: DecodedLog) {
  if (decoded.name === undefined) throw new Error(`log ${decoded.logIndex} was not decoded`);
  return decoded;
}

const argsOf = (args: { name: string; value: unknown }[]) => Object.fromEntries(args.map((a) => [a.name, a.value]));

describe('decodeCall', () => {
  it('decodes an ERC-20 transfer', () => {
    const input = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [bob, 10n ** 24n] });
    expect(decodeCall(input, token, [])).toEqual({
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      args: [
        { name: 'to', type: 'address', value: bob },
        { name: 'value', type: 'uint256', value: 10n ** 24n },
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
    expect(call?.signature).toBe('safeTransferFrom(address,address,uint256,bytes)');
    expect(call?.args).toEqual([
      { name: 'from', type: 'address', value: alice },
      { name: 'to', type: 'address', value: bob },
      { name: 'tokenId', type: 'uint256', value: 7n },
      { name: 'data', type: 'bytes', value: '0xdeadbeef' },
    ]);

    const three = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address, address, uint256)']),
      args: [alice, bob, 7n],
    });
    expect(decodeCall(three, token, [])?.signature).toBe('safeTransferFrom(address,address,uint256)');
    const five = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address, address, uint256, uint256, bytes)']),
      args: [alice, bob, 1n, 5n, '0x'],
    });
    expect(argsOf(decodeCall(five, token, [])?.args ?? [])).toMatchObject({ id: 1n, value: 5n, data: '0x' });
  });

  it('names the shared transferFrom argument amount (value or token id)', () => {
    const input = encodeFunctionData({
      abi: parseAbi(['function transferFrom(address, address, uint256)']),
      args: [alice, bob, 3n],
    });
    expect(decodeCall(input, token, [])?.args.map((a) => a.name)).toEqual(['from', 'to', 'amount']);
  });

  it('decodes WETH deposit and Multicall3 aggregate3 with tuple arrays', () => {
    expect(decodeCall(encodeFunctionData({ abi: weth, functionName: 'deposit' }), token, [])).toEqual({
      name: 'deposit',
      signature: 'deposit()',
      args: [],
      source: 'standard',
    });
    const calls = [
      { target: token, allowFailure: false, callData: '0x70a08231' as Hex },
      { target: other, allowFailure: true, callData: '0x' as Hex },
    ];
    const input = encodeFunctionData({ abi: STANDARD_ABIS, functionName: 'aggregate3', args: [calls] });
    const call = decodeCall(input, other, []);
    expect(call?.signature).toBe('aggregate3((address,bool,bytes)[])');
    expect(call?.args).toEqual([{ name: 'calls', type: '(address,bool,bytes)[]', value: calls }]);
    expect(formatDecodedValue(call?.args[0]?.value)).toBe(
      `[{target: ${token}, allowFailure: false, callData: 0x70a08231}, {target: ${other}, allowFailure: true, callData: 0x}]`,
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

  it('prefers a saved ABI for the called address only, matching addresses case-insensitively', () => {
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
    expect(mine?.source).toBe('saved');
    expect(mine?.args.map((a) => a.name)).toEqual(['recipient', 'amount']);
    expect(decodeCall(input, other, saved)?.source).toBe('standard');

    const mint = encodeFunctionData({ abi: parseAbi(['function mint(uint256 count)']), args: [2n] });
    expect(decodeCall(mint, token, saved)).toMatchObject({ name: 'mint', source: 'saved' });
    expect(decodeCall(mint, other, saved)).toBeUndefined();
  });

  it('names unnamed parameters by position and skips malformed saved items', () => {
    const saved = [
      {
        address: token,
        abi: [
          { type: 'function', name: 'broken', inputs: [null], outputs: [] },
          { type: 'event', name: 'Odd' },
          ...parseAbi(['function poke(uint8, string)']),
        ],
      },
    ] as unknown as SavedAbi[];
    const input = encodeFunctionData({ abi: parseAbi(['function poke(uint8, string)']), args: [3, 'hi'] });
    expect(decodeCall(input, token, saved)?.args).toEqual([
      { name: 'arg0', type: 'uint8', value: 3 },
      { name: 'arg1', type: 'string', value: 'hi' },
    ]);
  });

  it('never throws on arbitrary calldata after a known selector', () => {
    const selectors = STANDARD_ABIS.filter((i) => i.type === 'function').map((i) => toFunctionSelector(i));
    fc.assert(
      fc.property(fc.constantFrom(...selectors, '0x'), fc.uint8Array({ maxLength: 300 }), (selector, rest) => {
        const input = `${selector}${bytesToHex(rest).slice(2)}` as Hex;
        const call = decodeCall(input, token, []);
        if (call) expect(toFunctionSelector(`function ${call.signature}`)).toBe(selector);
      }),
    );
  });
});

describe('decodeLogs', () => {
  const transfer20 = log(
    encodeEventTopics({ abi: erc20, eventName: 'Transfer', args: { from: alice, to: bob } }),
    encodeAbiParameters(parseAbiParameters('uint256'), [2n ** 70n]),
    token,
    3,
  );
  const transfer721 = log(
    encodeEventTopics({ abi: erc721, eventName: 'Transfer', args: { from: alice, to: bob, tokenId: 42n } }),
    '0x',
    other,
    4,
  );

  it('tells ERC-20 from ERC-721 Transfer by the number of topics', () => {
    expect(transfer20.topics).toHaveLength(3);
    expect(transfer721.topics).toHaveLength(4);
    expect(transfer20.topics[0]).toBe(transfer721.topics[0]);
    const [fungible, nft] = decodeLogs([transfer20, transfer721], []);
    expect(fungible).toEqual({
      address: token,
      logIndex: 3,
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      args: [
        { name: 'from', type: 'address', value: alice },
        { name: 'to', type: 'address', value: bob },
        { name: 'value', type: 'uint256', value: 2n ** 70n },
      ],
      source: 'standard',
    });
    expect(argsOf(decodedOnly(nft as DecodedLog).args)).toEqual({ from: alice, to: bob, tokenId: 42n });
  });

  it('tells ERC-20 from ERC-721 Approval the same way', () => {
    const a20 = log(
      encodeEventTopics({ abi: erc20, eventName: 'Approval', args: { owner: alice, spender: bob } }),
      encodeAbiParameters(parseAbiParameters('uint256'), [1n]),
    );
    const a721 = log(
      encodeEventTopics({ abi: erc721, eventName: 'Approval', args: { owner: alice, approved: bob, tokenId: 9n } }),
      '0x',
    );
    const [x, y] = decodeLogs([a20, a721], []).map((l) => argsOf(decodedOnly(l).args));
    expect(x).toEqual({ owner: alice, spender: bob, value: 1n });
    expect(y).toEqual({ owner: alice, approved: bob, tokenId: 9n });
  });

  it('decodes an ERC-1155 TransferBatch with arrays, a URI event and a WETH Deposit', () => {
    const batch = log(
      encodeEventTopics({ abi: erc1155, eventName: 'TransferBatch', args: { operator: alice, from: alice, to: bob } }),
      encodeAbiParameters(parseAbiParameters('uint256[], uint256[]'), [
        [1n, 2n, 3n],
        [10n, 20n, 2n ** 100n],
      ]),
    );
    const uri = log(
      encodeEventTopics({ abi: erc1155, eventName: 'URI', args: { id: 5n } }),
      encodeAbiParameters(parseAbiParameters('string'), ['ipfs://x/{id}.json']),
    );
    const deposit = log(
      encodeEventTopics({ abi: weth, eventName: 'Deposit', args: { dst: alice } }),
      encodeAbiParameters(parseAbiParameters('uint256'), [10n ** 18n]),
    );
    const [b, u, d] = decodeLogs([batch, uri, deposit], []).map(decodedOnly);
    expect(b?.signature).toBe('TransferBatch(address,address,address,uint256[],uint256[])');
    expect(b?.args.slice(3)).toEqual([
      { name: 'ids', type: 'uint256[]', value: [1n, 2n, 3n] },
      { name: 'values', type: 'uint256[]', value: [10n, 20n, 2n ** 100n] },
    ]);
    expect(formatDecodedValue(b?.args[4]?.value)).toBe('[10, 20, 1267650600228229401496703205376]');
    expect(argsOf(u?.args ?? [])).toEqual({ value: 'ipfs://x/{id}.json', id: 5n });
    expect(d).toMatchObject({
      name: 'Deposit',
      args: [
        { name: 'dst', value: alice },
        { name: 'wad', value: 10n ** 18n },
      ],
    });
  });

  it('keeps unknown, mismatched and anonymous logs raw', () => {
    const unknown = log([toEventSelector('Paid(address,uint256)'), `0x${'00'.repeat(32)}`], '0x1234');
    const noData = { ...transfer20, data: '0x' as Hex };
    const shortData = { ...transfer20, data: '0x01' as Hex };
    const tooManyTopics = { ...transfer20, topics: [...transfer721.topics, `0x${'11'.repeat(32)}` as Hex] };
    const anonymous = log([], '0xabcd');
    const result = decodeLogs([unknown, noData, shortData, tooManyTopics, anonymous], []);
    expect(result.map((l) => l.name)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(result[0]).toEqual({ address: token, logIndex: 0, name: undefined, topics: unknown.topics, data: '0x1234' });
  });

  it('prefers a saved ABI for the emitting address only', () => {
    const saved: SavedAbi[] = [
      {
        address: token.toLowerCase() as Address,
        abi: parseAbi(['event Transfer(address indexed sender, address indexed receiver, uint256 amount)']),
      },
    ];
    const elsewhere = { ...transfer20, address: other };
    const [mine, theirs] = decodeLogs([transfer20, elsewhere], saved).map(decodedOnly);
    expect(mine?.source).toBe('saved');
    expect(mine?.args.map((a) => a.name)).toEqual(['sender', 'receiver', 'amount']);
    expect(theirs?.source).toBe('standard');
    // The saved item has three topics, so a 4-topic ERC-721 Transfer from the same address falls back to standard.
    const [nft] = decodeLogs([{ ...transfer721, address: token }], saved).map(decodedOnly);
    expect(nft).toMatchObject({ source: 'standard', args: [{}, {}, { name: 'tokenId', value: 42n }] });
  });

  it('names unnamed event arguments by position', () => {
    const abi = parseAbi(['event Ping(address indexed, uint256)']);
    const saved: SavedAbi[] = [{ address: token, abi }];
    const ping = log(
      encodeEventTopics({ abi, eventName: 'Ping', args: [alice] }),
      encodeAbiParameters(parseAbiParameters('uint256'), [8n]),
    );
    expect(decodedOnly(decodeLogs([ping], saved)[0] as DecodedLog).args).toEqual([
      { name: 'arg0', type: 'address', value: alice },
      { name: 'arg1', type: 'uint256', value: 8n },
    ]);
  });

  it('never throws on hostile topics and data', () => {
    const known = STANDARD_ABIS.filter((i) => i.type === 'event').map((i) => toEventSelector(i));
    const hex = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => bytesToHex(b));
    const topic = fc.oneof(
      fc.constantFrom(...known),
      hex(40),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
    );
    const anyLog = fc.record({
      address: fc.constantFrom(token, other),
      topics: fc.array(topic, { maxLength: 6 }),
      data: fc.oneof(hex(300), fc.constant('0x' as Hex)),
      logIndex: fc.nat(),
    });
    const saved: SavedAbi[] = [{ address: token, abi: erc1155 }];
    fc.assert(
      fc.property(fc.array(anyLog, { maxLength: 5 }), (logs) => {
        const out = decodeLogs(logs, saved);
        expect(out).toHaveLength(logs.length);
        out.forEach((l, i) => {
          expect(l.logIndex).toBe(logs[i]?.logIndex);
          if (l.name !== undefined)
            expect(l.args.every((a) => typeof formatDecodedValue(a.value) === 'string')).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatDecodedValue', () => {
  it('formats bigints beyond 2^64 exactly and nested tuples recursively', () => {
    expect(formatDecodedValue(2n ** 64n + 1n)).toBe('18446744073709551617');
    expect(formatDecodedValue(-(2n ** 255n))).toBe(`-${(2n ** 255n).toString()}`);
    expect(formatDecodedValue([[1n, [2n ** 200n, true]], '0xab', []])).toBe(
      `[[1, [${(2n ** 200n).toString()}, true]], 0xab, []]`,
    );
    expect(formatDecodedValue({ who: alice, pair: [false, { n: 3 }] })).toBe(`{who: ${alice}, pair: [false, {n: 3}]}`);
  });

  it('quotes strings, shows bytes as hex and survives odd values', () => {
    expect(formatDecodedValue('he said "hi"')).toBe('"he said \\"hi\\""');
    expect(formatDecodedValue('')).toBe('""');
    expect(formatDecodedValue(new Uint8Array([0, 255]))).toBe('0x00ff');
    expect(formatDecodedValue(true)).toBe('true');
    const cyclic: unknown[] = [1n];
    cyclic.push(cyclic);
    expect(formatDecodedValue(cyclic)).toBe('[1, [circular]]');
    const shared = [1n];
    expect(formatDecodedValue([shared, shared])).toBe('[[1], [1]]');
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    );
    expect(formatDecodedValue(hostile)).toBe('[unprintable]');
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withTypedArray: true, withMap: true }), (v) => {
        expect(typeof formatDecodedValue(v)).toBe('string');
      }),
    );
  });
});
