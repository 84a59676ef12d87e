import { describe, expect, it } from 'vitest';
import { AssetError } from '../errors/assets';
import { msg } from '../i18n/message';
import { nftMetadataError, parseNftMetadataJson } from './nftMetadata';

const CID0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';

describe('parseNftMetadataJson', () => {
  it('keeps the known fields and ignores the rest', () => {
    const metadata = parseNftMetadataJson(
      JSON.stringify({
        name: ' Cairn #1 ',
        description: 'A stack of stones.',
        image: ` ipfs://${CID0}/1.png `,
        external_url: 'https://example.com',
        animation_url: 'https://example.com/a.html',
        attributes: [
          { trait_type: 'Stones', value: 5 },
          { trait_type: 'Mossy', value: true },
          { trait_type: 'Colour', value: 'grey' },
          { trait_type: 'Shape', value: { kind: 'tall' } },
          { value: 'no trait' },
          { trait_type: 'Empty', value: null },
          { trait_type: 'Missing' },
          'not an object',
          null,
        ],
      }),
    );
    expect(metadata).toEqual({
      name: 'Cairn #1',
      description: 'A stack of stones.',
      image: `ipfs://${CID0}/1.png`,
      attributes: [
        { trait: 'Stones', value: '5' },
        { trait: 'Mossy', value: 'true' },
        { trait: 'Colour', value: 'grey' },
        { trait: 'Shape', value: '{"kind":"tall"}' },
        { trait: '', value: 'no trait' },
      ],
    });
  });

  it('coerces scalar names, drops empty and non-string images, and reads an object of attributes', () => {
    expect(
      parseNftMetadataJson('{"name": 42, "description": "", "image": 7, "attributes": {"Eyes": "blue", "Age": 3}}'),
    ).toEqual({
      name: '42',
      description: undefined,
      image: undefined,
      attributes: [
        { trait: 'Eyes', value: 'blue' },
        { trait: 'Age', value: '3' },
      ],
    });
    expect(parseNftMetadataJson('{}')).toEqual({
      name: undefined,
      description: undefined,
      image: undefined,
      attributes: [],
    });
    expect(parseNftMetadataJson('\uFEFF{"name":"bom"}').name).toBe('bom');
  });

  it('keeps long fields whole for the display to cut, and caps attributes at 50', () => {
    const metadata = parseNftMetadataJson(
      JSON.stringify({
        name: 'n'.repeat(201),
        description: 'd'.repeat(5000),
        attributes: Array.from({ length: 60 }, (_, index) => ({ trait_type: `t${index}`, value: 'v'.repeat(300) })),
      }),
    );
    expect(metadata.name).toBe('n'.repeat(201));
    expect(metadata.description).toBe('d'.repeat(5000));
    expect(metadata.attributes).toHaveLength(50);
    expect(metadata.attributes[49]?.trait).toBe('t49');
    expect(metadata.attributes[0]?.value).toBe('v'.repeat(300));
  });

  it('rejects malformed JSON and anything but an object', () => {
    for (const text of ['', '{', '{"name": "a",}', "{'name': 'a'}", 'undefined', '[1'.repeat(100_000)]) {
      expect(() => parseNftMetadataJson(text)).toThrow(AssetError);
    }
    for (const text of ['[]', 'null', '"a name"', '42', 'true']) {
      try {
        parseNftMetadataJson(text);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AssetError);
        expect((error as AssetError).code).toBe('ASSET_NFT_METADATA');
        expect((error as AssetError).shortMessage).toMatch(/not a JSON object/);
      }
    }
    expect(() => parseNftMetadataJson('{"name": "a",}')).toThrow(/not valid JSON/);
  });

  it('evaluates nothing and reads no inherited properties', () => {
    const metadata = parseNftMetadataJson(
      '{"__proto__": {"name": "inherited", "polluted": true}, "description": "function(){ globalThis.pwned = 1 }()"}',
    );
    expect(metadata.name).toBeUndefined();
    expect(metadata.description).toBe('function(){ globalThis.pwned = 1 }()');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });
});

describe('nftMetadataError', () => {
  it('keeps a caught cause with its first line, secrets masked, as details', () => {
    const cause = new Error(`bad key ${'ab'.repeat(32)}\nsecond line`);
    const error = nftMetadataError(msg('core.chain:nft.metadata.notJson'), { cause });
    expect(error).toBeInstanceOf(AssetError);
    expect(error.code).toBe('ASSET_NFT_METADATA');
    expect(error.shortMessage).toBe('The details of this NFT are not valid JSON, so Cairn cannot show them.');
    expect(error.cause).toBe(cause);
    expect(error.details).toBe('bad key [hex data]');
  });

  it('has neither cause nor details when nothing was caught', () => {
    const error = nftMetadataError(msg('core.chain:nft.metadata.notJson'));
    expect(error.cause).toBeUndefined();
    expect(error.details).toBeUndefined();
    expect(Object.hasOwn(error, 'cause')).toBe(false);
  });
});
