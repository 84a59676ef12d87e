import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '@/testing/expectRefusal';
import { type MailTypedData, mailJson } from '@/testing/mailTypedData';
import { jsonSyntaxSentence } from './jsonSyntax';
import { MAX_TYPED_DATA_BYTES, parseTypedDataJson } from './typedData';
import { typedDataTree } from './typedDataTree';

/** A one-field struct `Token { <type> amount }` holding `value`. */
function tokenJson(type: string, value: unknown): string {
  return JSON.stringify({
    types: { Token: [{ name: 'amount', type }] },
    primaryType: 'Token',
    domain: { name: 'T', chainId: 1 },
    message: { amount: value },
  });
}

describe('typed data: every bad input is refused with a sentence naming the problem', () => {
  const refusals: [string, string, RegExp][] = [
    ['empty', '  ', /^Paste the typed data/],
    ['bad JSON (cut short)', '{"types": {', /^This is not valid JSON: it ends too early/],
    ['bad JSON (stray token)', '{\n  "types": {},\n  "primaryType": x\n}', /unexpected “x” at line 3, column 18/],
    ['bad JSON (trailing comma)', '{"types": {"A": [],}}', /unexpected “}” at line 1, column 20/],
    ['not an object', '[1, 2]', /is a JSON object with types, primaryType, domain and message/],
    ['missing primaryType', mailJson((t) => delete (t as Partial<MailTypedData>).primaryType), /has no “primaryType”/],
    ['missing message', mailJson((t) => delete (t as Partial<MailTypedData>).message), /has no “message”/],
    ['primaryType not a string', mailJson((t) => Object.assign(t, { primaryType: 7 })), /primaryType must be/],
    [
      'primaryType undefined',
      mailJson((t) => Object.assign(t, { primaryType: 'Letter' })),
      /“Letter”, which is not defined/,
    ],
    ['types not an object', mailJson((t) => Object.assign(t, { types: [] })), /types must be an object/],
    [
      'undefined type reference',
      mailJson((t) => Object.assign(t.types.Mail[0] ?? {}, { type: 'Persn' })),
      /^types\.Mail\.from uses type “Persn”, which is not defined in types\.$/,
    ],
    ['unsized uint', tokenJson('uint', 1), /types\.Token\.amount has type “uint”; give its size, such as uint256/],
    ['unknown atomic type', tokenJson('uint7', 1), /types\.Token\.amount uses type “uint7”/],
    ['bytes33', tokenJson('bytes33', '0x00'), /uses type “bytes33”/],
    ['zero-length array', tokenJson('uint8[0]', []), /fixed array of length 0/],
    ['field without a type', mailJson((t) => Object.assign(t.types.Person, [{ name: 'name' }])), /types\.Person\[0\]/],
    [
      'duplicate field',
      mailJson((t) => t.types.Person.push({ name: 'name', type: 'string' })),
      /types\.Person has two fields named “name”/,
    ],
    [
      'struct named like a Solidity type',
      JSON.stringify({ types: { interest: [] }, primaryType: 'interest', domain: {}, message: {} }),
      /types\.interest: a struct may not be called address, bool or string, nor begin with bytes, int or uint/,
    ],
    [
      'type name with a symbol',
      JSON.stringify({ types: { $Mail: [] }, primaryType: '$Mail', domain: {}, message: {} }),
      /a type name is letters, digits and _/,
    ],
    ['uint8 value 256', tokenJson('uint8', 256), /^message\.amount: 256 does not fit in uint8 \(0 to 255\)\.$/],
    ['int8 value -129', tokenJson('int8', '-129'), /message\.amount: "-129" does not fit in int8 \(-128 to 127\)/],
    ['negative uint', tokenJson('uint256', -1), /does not fit in uint256/],
    ['fractional number', tokenJson('uint256', 1.5), /1\.5 is not a whole number/],
    [
      'inexact JSON number',
      tokenJson('uint256', 2 ** 60),
      /too large to be exact as a JSON number; write it as a string/,
    ],
    ['number as words', tokenJson('uint256', 'ten'), /message\.amount: "ten" is not a number \(uint256\)/],
    ['number as 1e3 string', tokenJson('uint256', '1e3'), /"1e3" is not a number/],
    [
      'address wrong',
      mailJson((t) => Object.assign(t.message.to, { wallet: '0x12' })),
      /^message\.to\.wallet: "0x12" is not an address \(0x and 40 hex digits\)\.$/,
    ],
    [
      'address with a bad checksum',
      mailJson((t) => Object.assign(t.message.to, { wallet: '0xBbBBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' })),
      /message\.to\.wallet: the capital letters in 0xBbBB.* do not match its checksum \(EIP-55\)/,
    ],
    [
      'bytes32 wrong length',
      mailJson((t) => {
        t.types.EIP712Domain.push({ name: 'salt', type: 'bytes32' });
        Object.assign(t.domain, { salt: `0x${'ab'.repeat(31)}` });
      }),
      /^domain\.salt: 31 bytes given; bytes32 takes exactly 32\.$/,
    ],
    ['bytes not hex', tokenJson('bytes', '0x12zz'), /message\.amount: character 5 of "0x12zz" is not a hex digit/],
    ['bytes odd length', tokenJson('bytes', '0x123'), /odd number of hex digits/],
    ['bytes without 0x', tokenJson('bytes4', '12345678'), /"12345678" is not bytes4 \(0x and hex\)/],
    ['bool as a string', tokenJson('bool', 'true'), /message\.amount: "true" is not true or false/],
    [
      'string as a number',
      mailJson((t) => Object.assign(t.message, { contents: 5 })),
      /message\.contents: 5 is not a string/,
    ],
    ['unpaired surrogate', tokenJson('string', 'a\uD800b'), /message\.amount: character 2 is not valid Unicode/],
    ['fixed array too short', tokenJson('uint8[3]', [1, 2]), /message\.amount has 2 items; uint8\[3\] takes exactly 3/],
    ['array not a list', tokenJson('uint8[]', 5), /message\.amount: 5 is not a list \(uint8\[\]\)/],
    [
      'bad array item',
      tokenJson('address[]', ['0x0000000000000000000000000000000000000000', 'x']),
      /message\.amount\[1\]:/,
    ],
    [
      'struct not an object',
      mailJson((t) => Object.assign(t.message, { to: 'Bob' })),
      /message\.to: "Bob" is not an object \(Person\)/,
    ],
    [
      'missing field',
      mailJson((t) => delete (t.message as Record<string, unknown>).contents),
      /^message\.contents is missing\.$/,
    ],
    ['null field', mailJson((t) => Object.assign(t.message.from, { name: null })), /^message\.from\.name is null/],
    [
      'undeclared field',
      mailJson((t) => Object.assign(t.message.from, { nickname: 'C' })),
      /^message\.from\.nickname is not a field of Person, so it would not be signed\.$/,
    ],
    [
      'domain field not declared in EIP712Domain',
      mailJson((t) => Object.assign(t.domain, { salt: `0x${'00'.repeat(32)}` })),
      /^domain\.salt is not a field of EIP712Domain, so it would not be signed\.$/,
    ],
    [
      'declared domain field missing',
      mailJson((t) => delete (t.domain as Record<string, unknown>).chainId),
      /^domain\.chainId is missing\.$/,
    ],
    [
      'non-standard domain field (types without EIP712Domain)',
      JSON.stringify({ types: { A: [] }, primaryType: 'A', domain: { name: 'x', owner: 'me' }, message: {} }),
      /^domain\.owner is not an EIP-712 domain field \(name, version, chainId, verifyingContract or salt\)\.$/,
    ],
    [
      'non-standard field in EIP712Domain',
      mailJson((t) => t.types.EIP712Domain.push({ name: 'owner', type: 'address' })),
      /types\.EIP712Domain has the field “owner”/,
    ],
    [
      'domain field with a non-standard type',
      mailJson((t) => Object.assign(t.types.EIP712Domain[2] ?? {}, { type: 'uint64' })),
      /types\.EIP712Domain\.chainId has type “uint64”; EIP-712 says uint256/,
    ],
    ['domain not an object', mailJson((t) => Object.assign(t, { domain: 'Ether Mail' })), /^domain must be an object/],
    [
      'message given when only the domain is signed',
      JSON.stringify({ types: { EIP712Domain: [] }, primaryType: 'EIP712Domain', domain: {}, message: { a: 1 } }),
      /only the domain is signed: message must be \{\}/,
    ],
  ];

  for (const [name, json, sentence] of refusals) {
    it(name, () => expectRefusal(() => parseTypedDataJson(json), 'INPUT_TYPED_DATA', sentence));
  }

  it('refuses text over the size limit', () => {
    const big = mailJson((t) => Object.assign(t.message, { contents: 'x'.repeat(MAX_TYPED_DATA_BYTES) }));
    expectRefusal(
      () => parseTypedDataJson(big),
      'INPUT_TYPED_DATA',
      /^This typed data is 257 KB; Cairn accepts up to 256 KB\.$/,
    );
  });

  it('refuses nesting deeper than it will encode', () => {
    let type = 'bool';
    let value: unknown = true;
    for (let i = 0; i < 40; i++) {
      type += '[]';
      value = [value];
    }
    expectRefusal(() => parseTypedDataJson(tokenJson(type, value)), 'INPUT_TYPED_DATA', /nested more than 32 levels/);
  });
});

describe('typed data: accepted forms', () => {
  it('reads integers from numbers, decimal and hex strings, and derives EIP712Domain from the domain', () => {
    const json = JSON.stringify({
      types: { Token: [{ name: 'amount', type: 'uint256' }] },
      primaryType: 'Token',
      domain: { chainId: '0x89', name: 'T', verifyingContract: '0x0000000000000000000000000000000000000001' },
      message: { amount: '1000000000000000000000000' },
    });
    const { typedData, domain } = parseTypedDataJson(json);
    expect(domain).toEqual({
      name: 'T',
      chainId: 137n,
      verifyingContract: '0x0000000000000000000000000000000000000001',
    });
    // Standard order whatever the order of the keys, including a chainId given as a string.
    expect(typedData.types.EIP712Domain?.map((f) => f.name)).toEqual(['name', 'chainId', 'verifyingContract']);
    expect(typedData.message).toEqual({ amount: 10n ** 24n });
  });

  it('accepts lowercase and uppercase addresses and gives them checksummed', () => {
    for (const wallet of ['0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', '0xBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB']) {
      const { typedData } = parseTypedDataJson(mailJson((t) => Object.assign(t.message.to, { wallet })));
      expect((typedData.message.to as { wallet: string }).wallet).toBe('0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB');
    }
  });

  it('reads fields named like Object.prototype members as plain fields', () => {
    const json = (message: unknown) =>
      JSON.stringify({
        types: { Thing: [{ name: 'constructor', type: 'string' }] },
        primaryType: 'Thing',
        domain: {},
        message,
      });
    expect(parseTypedDataJson(json({ constructor: 'x' })).typedData.message).toEqual({ constructor: 'x' });
    expectRefusal(() => parseTypedDataJson(json({})), 'INPUT_TYPED_DATA', /^message\.constructor is missing\.$/);
  });

  it('shows arrays, integers and bytes in the tree', () => {
    const json = JSON.stringify({
      types: {
        Order: [
          { name: 'amounts', type: 'int16[]' },
          { name: 'tag', type: 'bytes2' },
        ],
      },
      primaryType: 'Order',
      domain: { chainId: 5 },
      message: { amounts: [-3, '0x10'], tag: '0xABCD' },
    });
    expect(typedDataTree(parseTypedDataJson(json).typedData)).toEqual({
      domain: { label: 'domain', type: 'EIP712Domain', children: [{ label: 'chainId', type: 'uint256', value: '5' }] },
      message: {
        label: 'message',
        type: 'Order',
        children: [
          {
            label: 'amounts',
            type: 'int16[]',
            children: [
              { label: '[0]', type: 'int16', value: '-3' },
              { label: '[1]', type: 'int16', value: '16' },
            ],
          },
          { label: 'tag', type: 'bytes2', value: '0xabcd' },
        ],
      },
    });
  });
});

describe('finding the JSON syntax error', () => {
  it('agrees with JSON.parse on whether text is JSON', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), (json, at, insert) => {
        const spot = at % (json.length + 1);
        const text = json.slice(0, spot) + insert + json.slice(spot);
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        // Text JSON.parse takes has no place where it goes wrong: only the plain sentence.
        expect(jsonSyntaxSentence(text).id === 'core.signing:json.invalid').toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});
