import fc from 'fast-check';
import { getAddress, type Hex, hexToBigInt, numberToHex, recoverAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '@/core/errors/base';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import { jsonSyntaxProblem } from './jsonSyntax';
import { parseMessageInput } from './message';
import { chainIdWarning, MAX_TYPED_DATA_BYTES, parseTypedDataJson } from './typedData';
import { typedDataTree } from './typedDataTree';
import { parseSignatureInput, verifyMessageSignature, verifyTypedDataSignature } from './verify';

/** Runs `run`, expecting a Cairn error with this code whose sentence matches. */
function expectRefusal(run: () => unknown, code: string, sentence: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(isCairnError(caught), `expected ${code}, got ${String(caught)}`).toBe(true);
  if (!isCairnError(caught)) return;
  expect(caught.code).toBe(code);
  expect(caught.shortMessage).toMatch(sentence);
  expect(caught.shortMessage).toMatch(/[.!]$/);
}

type MailTypedData = typeof mail.typedData;

/** The Ether Mail typed data as JSON, after `change`. */
function mailJson(change: (t: MailTypedData & Record<string, unknown>) => void = () => {}): string {
  const typedData = structuredClone(mail.typedData) as MailTypedData & Record<string, unknown>;
  change(typedData);
  return JSON.stringify(typedData);
}

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
        expect(jsonSyntaxProblem(text) === undefined).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('message input', () => {
  const refusals: [string, string, 'text' | 'hex', RegExp][] = [
    ['empty text', '', 'text', /^Enter a message to sign\.$/],
    ['unpaired surrogate', 'ok\uDC00', 'text', /^Character 3 of the message is not valid Unicode/],
    ['empty hex', ' ', 'hex', /^Enter the message bytes as hex/],
    ['hex without 0x', '48656c6c6f', 'hex', /^Hex bytes start with 0x\.$/],
    ['only 0x', '0x', 'hex', /^There are no bytes after 0x\.$/],
    ['odd length', '0x123', 'hex', /^The hex has an odd number of digits \(3\); each byte takes two\.$/],
    ['non-hex character', '0x12g4', 'hex', /^Character 5 is not a hex digit/],
    ['space inside', '0x12 34', 'hex', /^Character 5 is not a hex digit/],
    ['non-hex after leading spaces', '  0x1g', 'hex', /^Character 6 is not a hex digit/],
  ];
  for (const [name, text, mode, sentence] of refusals) {
    it(`refuses ${name}`, () => expectRefusal(() => parseMessageInput(text, mode), 'INPUT_MESSAGE', sentence));
  }

  it('takes text as typed and hex as lowercase bytes', () => {
    expect(parseMessageInput('  Hi  ', 'text')).toBe('  Hi  ');
    expect(parseMessageInput(' 0XABcd\n', 'hex')).toEqual({ raw: '0xabcd' });
  });
});

describe('signatures and expected addresses', () => {
  const { signature, address, r, s } = mail.expected;
  const { typedData } = parseTypedDataJson(JSON.stringify(mail.typedData));
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

  it('accepts v as 27/28 or 0/1, and the 64-byte compact form (EIP-2098)', () => {
    const withV = (v: string) => `${signature.slice(0, 130)}${v}`;
    const compact = `${r}${numberToHex(hexToBigInt(s as Hex) | (1n << 255n), { size: 32 }).slice(2)}`;
    for (const form of [signature, withV('01'), compact, signature.toUpperCase().replace('0X', '0x')]) {
      expect(verifyTypedDataSignature({ typedData, signature: form, expected: address }).matches, form).toBe(true);
    }
    expect(parseSignatureInput(compact)).toEqual(parseSignatureInput(signature));
  });

  const refusals: [string, string, RegExp][] = [
    ['empty', '', /^Enter the signature/],
    ['no 0x', signature.slice(2), /^A signature starts with 0x\.$/],
    ['non-hex character', `0x${'z'}${signature.slice(3)}`, /^Character 3 of the signature is not a hex digit/],
    ['odd length', signature.slice(0, -1), /odd number of hex digits \(129\)/],
    [
      'too short',
      signature.slice(0, 120),
      /^A signature is 65 bytes \(or 64 in the compact EIP-2098 form\); this one is 59 bytes\.$/,
    ],
    ['too long', `${signature}00`, /this one is 66 bytes/],
    ['bad v', `${signature.slice(0, 130)}1d`, /The last byte of the signature \(v\) is 29; it must be 27 or 28/],
    ['r zero', `0x${'00'.repeat(32)}${signature.slice(66)}`, /r or s is out of range/],
    ['s at n', `${r}${n.toString(16)}1b`, /r or s is out of range/],
    ['high s', `${r}${(n - hexToBigInt(s as Hex)).toString(16)}1b`, /high s value: it is a malleable copy/],
    ['r off the curve', `0x${'00'.repeat(31)}05${signature.slice(66)}`, /^No signer can be recovered/],
  ];
  for (const [name, text, sentence] of refusals) {
    it(`refuses a signature: ${name}`, () =>
      expectRefusal(() => verifyTypedDataSignature({ typedData, signature: text }), 'INPUT_SIGNATURE', sentence));
  }

  it('refuses high s although it recovers the same signer: it is a second form of one signature', async () => {
    const high = `${r}${(n - hexToBigInt(s as Hex)).toString(16)}1b` as Hex;
    expect(await recoverAddress({ hash: mail.expected.signHash as Hex, signature: high })).toBe(mail.signer);
    expectRefusal(() => parseSignatureInput(high), 'INPUT_SIGNATURE', /high s value/);
  });

  it('accepts an expected address in checksummed, lowercase or uppercase form', () => {
    for (const expected of [
      '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      address,
      `0x${address.slice(2).toUpperCase()}`,
    ]) {
      expect(verifyTypedDataSignature({ typedData, signature, expected }).matches).toBe(true);
    }
    expect(
      verifyTypedDataSignature({ typedData, signature, expected: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }),
    ).toEqual({
      signer: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      matches: false,
    });
  });

  it('refuses an expected address with a bad checksum or the wrong length', () => {
    const badChecksum = '0xcD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826';
    expectRefusal(
      () => verifyTypedDataSignature({ typedData, signature, expected: badChecksum }),
      'KEYS_ADDRESS_CHECKSUM',
      /do not match its checksum \(EIP-55\)/,
    );
    expectRefusal(
      () => verifyMessageSignature({ message: 'hi', signature, expected: '0x1234' }),
      'KEYS_ADDRESS_FORMAT',
      /40 hex digits after 0x; this has 4/,
    );
  });

  it('a signature of other data recovers someone else', () => {
    const other = parseTypedDataJson(mailJson((t) => Object.assign(t.message, { contents: 'Hello, Eve!' }))).typedData;
    const result = verifyTypedDataSignature({ typedData: other, signature, expected: address });
    expect(result.matches).toBe(false);
    expect(result.signer).toBe(getAddress(result.signer));
    expect(result.signer).not.toBe(getAddress(address));
  });
});

describe('chain id warning', () => {
  it('says nothing when the domain names no chain or the selected one', () => {
    expect(chainIdWarning(undefined, 1)).toBeUndefined();
    expect(chainIdWarning(1n, 1)).toBeUndefined();
    expect(chainIdWarning(31337n, 31337)).toBeUndefined();
  });

  it('warns, naming both chains, when they differ', () => {
    expect(chainIdWarning(137n, 1)).toBe(
      'This request is for chain 137, but the selected network is chain 1. ' +
        'The signature would be meant for chain 137: sign only if you expected that.',
    );
    expect(chainIdWarning(2n ** 64n, 1)).toMatch(/^This request is for chain 18446744073709551616, but/);
  });

  it('reads the chain id to compare from the parsed domain', () => {
    expect(chainIdWarning(parseTypedDataJson(mailJson()).domain.chainId, 11155111)).toMatch(/chain 1, but/);
  });
});

describe('no secret in a sentence', () => {
  it('never repeats a private key pasted into the wrong box', () => {
    const key = '4af1bceebf7f3634ec3cff8a2c38e51178d5d4ce585c52d6043e5e2cc3418bb0';
    const attempts = [
      () => parseSignatureInput(`0x${key}`),
      () => parseSignatureInput(key),
      () => parseSignatureInput(`0x${key}zz`),
      () => parseMessageInput(`0x${key}0`, 'hex'),
      () => parseMessageInput(key, 'hex'),
      () => parseTypedDataJson(`{"types": ${key}}`),
      () => parseTypedDataJson(`0x${key}`),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
        expect.unreachable();
      } catch (error) {
        expect(isCairnError(error)).toBe(true);
        const text = isCairnError(error) ? `${error.shortMessage} ${error.details ?? ''}` : '';
        expect(text).not.toContain(key.slice(0, 8));
      }
    }
  });
});
