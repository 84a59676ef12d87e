import fc from 'fast-check';
import {
  type Address,
  bytesToHex,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  parseAbi,
  parseAbiParameters,
  toEventSelector,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { PERMIT2_ADDRESS } from '../../chain/localChain';
import type { SavedAbi } from './abiIndex';
import { type DecodedLog, decodeLogs, type RawLog } from './logs';
import { STANDARD_ABIS } from './standardAbis';

const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const other: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const alice: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

// Written here rather than taken from standardAbis.ts, so a wrong standard definition fails these tests.
const erc20 = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);
const erc721 = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
]);
const erc1155 = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event URI(string value, uint256 indexed id)',
]);
const weth = parseAbi([
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
]);
const permit2 = parseAbi([
  'event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)',
  'event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)',
  'event Lockdown(address indexed owner, address token, address spender)',
  'event NonceInvalidation(address indexed owner, address indexed token, address indexed spender, uint48 newNonce, uint48 oldNonce)',
]);

/** A log as the node returns it; encodeEventTopics types its result loosely, all entries are Hex here. */
function log(topics: readonly unknown[], data: Hex, address: Address = token, logIndex = 0): RawLog {
  return { address, topics: topics as Hex[], data, logIndex };
}

function decodedOnly(decoded: DecodedLog | undefined) {
  if (decoded?.name === undefined) throw new Error(`log ${decoded?.logIndex} was not decoded`);
  return decoded;
}

const argsOf = (args: { name: string; value: unknown }[]) => Object.fromEntries(args.map((a) => [a.name, a.value]));
const words = (types: string, values: readonly unknown[]) => encodeAbiParameters(parseAbiParameters(types), values);

describe('decodeLogs with the standard ABIs', () => {
  const transfer20 = log(
    encodeEventTopics({ abi: erc20, eventName: 'Transfer', args: { from: alice, to: bob } }),
    words('uint256', [2n ** 70n]),
    token,
    3,
  );
  const transfer721 = log(
    encodeEventTopics({ abi: erc721, eventName: 'Transfer', args: { from: alice, to: bob, tokenId: 42n } }),
    '0x',
    other,
    4,
  );

  it('tells an ERC-20 from an ERC-721 Transfer by the number of topics', () => {
    expect(transfer20.topics).toHaveLength(3);
    expect(transfer721.topics).toHaveLength(4);
    expect(transfer20.topics[0]).toBe(transfer721.topics[0]);
    const [fungible, nft] = decodeLogs([transfer20, transfer721], []);
    expect(fungible).toEqual({
      address: token,
      logIndex: 3,
      name: 'Transfer',
      id: 'Transfer(address,address,uint256)',
      signature: 'event Transfer(address indexed from, address indexed to, uint256 value)',
      args: [
        { name: 'from', type: 'address', value: alice, text: alice },
        { name: 'to', type: 'address', value: bob, text: bob },
        { name: 'value', type: 'uint256', value: 2n ** 70n, text: (2n ** 70n).toString() },
      ],
      source: 'standard',
    });
    expect(argsOf(decodedOnly(nft).args)).toEqual({ from: alice, to: bob, tokenId: 42n });
  });

  it('tells ERC-20 from ERC-721 Approval the same way, and decodes ApprovalForAll', () => {
    const a20 = log(
      encodeEventTopics({ abi: erc20, eventName: 'Approval', args: { owner: alice, spender: bob } }),
      words('uint256', [1n]),
    );
    const a721 = log(
      encodeEventTopics({ abi: erc721, eventName: 'Approval', args: { owner: alice, approved: bob, tokenId: 9n } }),
      '0x',
    );
    const all = log(
      encodeEventTopics({ abi: erc721, eventName: 'ApprovalForAll', args: { owner: alice, operator: bob } }),
      words('bool', [true]),
    );
    const [x, y, z] = decodeLogs([a20, a721, all], []).map((l) => argsOf(decodedOnly(l).args));
    expect(x).toEqual({ owner: alice, spender: bob, value: 1n });
    expect(y).toEqual({ owner: alice, approved: bob, tokenId: 9n });
    expect(z).toEqual({ owner: alice, operator: bob, approved: true });
  });

  it('decodes ERC-1155 TransferSingle, TransferBatch with arrays, and URI', () => {
    const single = log(
      encodeEventTopics({ abi: erc1155, eventName: 'TransferSingle', args: { operator: alice, from: alice, to: bob } }),
      words('uint256, uint256', [5n, 2n]),
    );
    const batch = log(
      encodeEventTopics({ abi: erc1155, eventName: 'TransferBatch', args: { operator: alice, from: alice, to: bob } }),
      words('uint256[], uint256[]', [
        [1n, 2n, 3n],
        [10n, 20n, 2n ** 100n],
      ]),
    );
    const uri = log(
      encodeEventTopics({ abi: erc1155, eventName: 'URI', args: { id: 5n } }),
      words('string', ['ipfs://x/{id}.json']),
    );
    const [s, b, u] = decodeLogs([single, batch, uri], []).map(decodedOnly);
    expect(argsOf(s?.args ?? [])).toEqual({ operator: alice, from: alice, to: bob, id: 5n, value: 2n });
    expect(b?.id).toBe('TransferBatch(address,address,address,uint256[],uint256[])');
    expect(b?.args.slice(3)).toEqual([
      { name: 'ids', type: 'uint256[]', value: [1n, 2n, 3n], text: '[1, 2, 3]' },
      {
        name: 'values',
        type: 'uint256[]',
        value: [10n, 20n, 2n ** 100n],
        text: '[10, 20, 1267650600228229401496703205376]',
      },
    ]);
    expect(argsOf(u?.args ?? [])).toEqual({ value: 'ipfs://x/{id}.json', id: 5n });
  });

  it('decodes WETH Deposit and Withdrawal', () => {
    const deposit = log(
      encodeEventTopics({ abi: weth, eventName: 'Deposit', args: { dst: alice } }),
      words('uint256', [10n ** 18n]),
    );
    const withdrawal = log(
      encodeEventTopics({ abi: weth, eventName: 'Withdrawal', args: { src: bob } }),
      words('uint256', [3n]),
    );
    const [d, w] = decodeLogs([deposit, withdrawal], []).map(decodedOnly);
    expect(d).toMatchObject({
      name: 'Deposit',
      args: [
        { name: 'dst', value: alice },
        { name: 'wad', value: 10n ** 18n },
      ],
    });
    expect(w).toMatchObject({ name: 'Withdrawal', args: [{ value: bob }, { value: 3n }] });
  });

  it('decodes Permit2 Approval (not an ERC-20 Approval), Permit, Lockdown and NonceInvalidation', () => {
    const at = (topics: readonly unknown[], data: Hex) => log(topics, data, PERMIT2_ADDRESS);
    const approval = at(
      encodeEventTopics({ abi: permit2, eventName: 'Approval', args: { owner: alice, token, spender: bob } }),
      words('uint160, uint48', [7n, 1_900_000_000]),
    );
    const permit = at(
      encodeEventTopics({ abi: permit2, eventName: 'Permit', args: { owner: alice, token, spender: bob } }),
      words('uint160, uint48, uint48', [7n, 1_900_000_000, 2]),
    );
    const lockdown = at(
      encodeEventTopics({ abi: permit2, eventName: 'Lockdown', args: { owner: alice } }),
      words('address, address', [token, bob]),
    );
    const invalidation = at(
      encodeEventTopics({ abi: permit2, eventName: 'NonceInvalidation', args: { owner: alice, token, spender: bob } }),
      words('uint48, uint48', [9, 3]),
    );
    const [a, p, l, n] = decodeLogs([approval, permit, lockdown, invalidation], []).map(decodedOnly);
    expect(a?.id).toBe('Approval(address,address,address,uint160,uint48)');
    expect(argsOf(a?.args ?? [])).toEqual({ owner: alice, token, spender: bob, amount: 7n, expiration: 1_900_000_000 });
    expect(argsOf(p?.args ?? [])).toMatchObject({ amount: 7n, nonce: 2 });
    expect(argsOf(l?.args ?? [])).toEqual({ owner: alice, token, spender: bob });
    expect(argsOf(n?.args ?? [])).toEqual({ owner: alice, token, spender: bob, newNonce: 9, oldNonce: 3 });
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

  it('never throws on hostile topics and data', () => {
    const known = STANDARD_ABIS.flatMap((s) => s.abi)
      .filter((i) => i.type === 'event')
      .map((i) => toEventSelector(i));
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
          if (l.name !== undefined) expect(l.args.every((a) => typeof a.text === 'string')).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('decodeLogs with saved ABIs', () => {
  const transfer20 = log(
    encodeEventTopics({ abi: erc20, eventName: 'Transfer', args: { from: alice, to: bob } }),
    words('uint256', [5n]),
  );

  it('prefers an ABI saved for the emitting address only', () => {
    const saved: SavedAbi[] = [
      {
        address: token.toLowerCase() as Address,
        abi: parseAbi(['event Transfer(address indexed sender, address indexed receiver, uint256 amount)']),
      },
    ];
    const elsewhere = { ...transfer20, address: other };
    const [mine, theirs] = decodeLogs([transfer20, elsewhere], saved).map(decodedOnly);
    expect(mine?.source).toBe('contract');
    expect(mine?.args.map((a) => a.name)).toEqual(['sender', 'receiver', 'amount']);
    expect(theirs?.source).toBe('standard');
    // The saved item has three topics, so a 4-topic ERC-721 Transfer from the same address falls back to standard.
    const nftTransfer = log(
      encodeEventTopics({ abi: erc721, eventName: 'Transfer', args: { from: alice, to: bob, tokenId: 42n } }),
      '0x',
    );
    const [nft] = decodeLogs([nftTransfer], saved).map(decodedOnly);
    expect(nft).toMatchObject({ source: 'standard', args: [{}, {}, { name: 'tokenId', value: 42n }] });
  });

  it('names unnamed event arguments by position', () => {
    const abi = parseAbi(['event Ping(address indexed, uint256)']);
    const ping = log(encodeEventTopics({ abi, eventName: 'Ping', args: [alice] }), words('uint256', [8n]));
    expect(decodedOnly(decodeLogs([ping], [{ address: token, abi }])[0]).args).toEqual([
      { name: 'arg0', type: 'address', value: alice, text: alice },
      { name: 'arg1', type: 'uint256', value: 8n, text: '8' },
    ]);
  });
});
