import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AssetError } from '../errors/assets';
import {
  erc1155Uri,
  isSafeImageDataUri,
  type MediaSettings,
  type MetadataFetch,
  type MetadataResponse,
  parseNftMetadataJson,
  readNftMetadata,
  resolveMediaUri,
} from './nftMetadata';

const CID0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const CID1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const GATEWAY = 'https://ipfs.io/ipfs/';

const none: MediaSettings = { ipfsGateway: undefined, allowWeb: false };
const gateway: MediaSettings = { ipfsGateway: GATEWAY, allowWeb: false };
const web: MediaSettings = { ipfsGateway: undefined, allowWeb: true };

const fetched = (url: string) => ({ kind: 'fetch', url });
const reasonOf = (uri: string, settings: MediaSettings): string => {
  const source = resolveMediaUri(uri, settings);
  if (source.kind !== 'blocked') throw new Error(`expected ${uri} to be blocked, got ${source.kind}`);
  return source.reason;
};

describe('resolveMediaUri: IPFS through the configured gateway', () => {
  it('joins gateway, CID and path with exactly one slash between parts', () => {
    expect(CID0).toHaveLength(46);
    expect(resolveMediaUri(`ipfs://${CID0}/1.json`, gateway)).toEqual(fetched(`${GATEWAY}${CID0}/1.json`));
    expect(resolveMediaUri(`ipfs://${CID0}`, gateway)).toEqual(fetched(`${GATEWAY}${CID0}`));
    expect(resolveMediaUri(`ipfs://${CID0}/`, gateway)).toEqual(fetched(`${GATEWAY}${CID0}`));
    expect(resolveMediaUri(`ipfs://${CID0}//images//1.png`, gateway)).toEqual(
      fetched(`${GATEWAY}${CID0}/images//1.png`),
    );
    for (const prefix of [
      'https://ipfs.io/ipfs',
      'https://ipfs.io/ipfs/',
      'https://ipfs.io/ipfs///',
      ' https://ipfs.io/ipfs/ ',
    ]) {
      expect(resolveMediaUri(`ipfs://${CID0}/a/b.png`, { ipfsGateway: prefix, allowWeb: false })).toEqual(
        fetched(`https://ipfs.io/ipfs/${CID0}/a/b.png`),
      );
    }
    expect(resolveMediaUri(`ipfs://${CID1}/7`, { ipfsGateway: 'https://gw.example', allowWeb: false })).toEqual(
      fetched(`https://gw.example/${CID1}/7`),
    );
  });

  it('normalises ipfs://ipfs/…, /ipfs/…, bare CIDs and the scheme case', () => {
    const expected = fetched(`${GATEWAY}${CID0}/1.json`);
    expect(resolveMediaUri(`ipfs://ipfs/${CID0}/1.json`, gateway)).toEqual(expected);
    expect(resolveMediaUri(`ipfs:///ipfs/${CID0}/1.json`, gateway)).toEqual(expected);
    expect(resolveMediaUri(`IPFS://${CID0}/1.json`, gateway)).toEqual(expected);
    expect(resolveMediaUri(`/ipfs/${CID0}/1.json`, gateway)).toEqual(expected);
    expect(resolveMediaUri(`${CID0}/1.json`, gateway)).toEqual(expected);
    expect(resolveMediaUri(`  ${CID0}  `, gateway)).toEqual(fetched(`${GATEWAY}${CID0}`));
    expect(resolveMediaUri(CID1, gateway)).toEqual(fetched(`${GATEWAY}${CID1}`));
    expect(resolveMediaUri(`${CID1}/meta.json`, gateway)).toEqual(fetched(`${GATEWAY}${CID1}/meta.json`));
  });

  it('keeps a query, percent-encodes spaces, and loads IPFS whatever allowWeb says', () => {
    expect(resolveMediaUri(`ipfs://${CID0}?filename=a.png`, gateway)).toEqual(
      fetched(`${GATEWAY}${CID0}?filename=a.png`),
    );
    expect(resolveMediaUri(`ipfs://${CID0}/My Cat.png`, gateway)).toEqual(fetched(`${GATEWAY}${CID0}/My%20Cat.png`));
    expect(resolveMediaUri(`ipfs://${CID0}/1`, { ipfsGateway: GATEWAY, allowWeb: true })).toEqual(
      fetched(`${GATEWAY}${CID0}/1`),
    );
  });

  it('accepts a local http gateway (an IPFS node on this computer)', () => {
    for (const local of ['http://127.0.0.1:8080/ipfs/', 'http://localhost:8080/ipfs']) {
      expect(resolveMediaUri(`ipfs://${CID0}/1`, { ipfsGateway: local, allowWeb: false })).toEqual(
        fetched(`${local.replace(/\/$/, '')}/${CID0}/1`),
      );
    }
  });

  it('asks for a gateway when none is set', () => {
    for (const ipfsGateway of [undefined, '', '   ']) {
      expect(reasonOf(`ipfs://${CID0}`, { ipfsGateway, allowWeb: true })).toBe(
        'Stored on IPFS: set an IPFS gateway in Settings to load it.',
      );
    }
    expect(reasonOf(CID1, none)).toBe('Stored on IPFS: set an IPFS gateway in Settings to load it.');
  });

  it('refuses a misconfigured gateway with a sentence pointing at Settings', () => {
    for (const ipfsGateway of [
      'http://ipfs.io/ipfs/',
      'ipfs.io/ipfs/',
      'not a url',
      'ftp://ipfs.io/',
      'javascript:alert(1)',
      'https://user:pw@ipfs.io/ipfs/',
      'https://gw.example/ipfs/?token=1',
      'https://gw.example/ipfs/#x',
      'http://localhost.evil.example/ipfs/',
    ]) {
      const reason = reasonOf(`ipfs://${CID0}`, { ipfsGateway, allowWeb: true });
      expect(reason).toMatch(/IPFS gateway in Settings is not a usable https address/);
    }
  });

  it('refuses IPFS links without a valid CID or that climb out of it', () => {
    for (const uri of [
      'ipfs://',
      'ipfs://hello/1.json',
      'ipfs://ipfs/',
      `ipfs://${CID0}x`,
      `ipfs://${CID0}%2F..`,
      `ipfs://${CID0}/../../admin`,
      `ipfs://${CID0}/%2e%2e/%2e%2e/admin`,
      `ipfs://${CID0}/..\\..\\admin`,
      `ipfs://${CID0}:8080`,
    ]) {
      expect(reasonOf(uri, gateway)).toMatch(/IPFS link is not valid/);
    }
    // Dots inside a name are fine.
    expect(resolveMediaUri(`ipfs://${CID0}/a..b/c.json`, gateway)).toEqual(fetched(`${GATEWAY}${CID0}/a..b/c.json`));
  });
});

describe('resolveMediaUri: other schemes', () => {
  it('blocks Arweave and IPNS with a sentence', () => {
    expect(reasonOf('ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U', { ipfsGateway: GATEWAY, allowWeb: true })).toBe(
      'Stored on Arweave, which Cairn cannot load yet.',
    );
    expect(reasonOf('ipns://k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8', gateway)).toBe(
      'Stored on IPNS, which Cairn cannot load yet.',
    );
  });

  it('fetches https only when loading from the web is allowed', () => {
    expect(resolveMediaUri('https://api.example.com/token/1', web)).toEqual(fetched('https://api.example.com/token/1'));
    expect(resolveMediaUri('HTTPS://API.Example.com/token/1', web)).toEqual(fetched('https://api.example.com/token/1'));
    expect(reasonOf('https://api.example.com/token/1', none)).toBe(
      'Hosted on api.example.com: allow loading NFT media from the web in Settings to load it.',
    );
    expect(reasonOf('https://api.example.com/token/1', gateway)).toMatch(/allow loading NFT media from the web/);
  });

  it('fetches plain http only from this computer, and only when the web is allowed', () => {
    expect(resolveMediaUri('http://localhost:3000/1.json', web)).toEqual(fetched('http://localhost:3000/1.json'));
    expect(resolveMediaUri('http://127.0.0.1:3000/1.json', web)).toEqual(fetched('http://127.0.0.1:3000/1.json'));
    expect(reasonOf('http://localhost:3000/1.json', none)).toMatch(/allow loading NFT media from the web in Settings/);
    for (const uri of ['http://example.com/1.json', 'http://localhost.example.com/1', 'http://10.0.0.1/1']) {
      expect(reasonOf(uri, web)).toMatch(/^Served over unencrypted http from .+, which Cairn never loads\.$/);
    }
  });

  it('blocks links with credentials, malformed web links and unknown schemes', () => {
    expect(reasonOf('https://user:secret@example.com/1', web)).toBe(
      'The link carries a user name or password, so Cairn does not load it.',
    );
    expect(reasonOf('https://', web)).toMatch(/not a valid web address/);
    expect(reasonOf('javascript:alert(1)', web)).toBe('The link is of a kind (javascript:) that Cairn does not load.');
    expect(reasonOf('file:///etc/passwd', web)).toMatch(/\(file:\)/);
    expect(reasonOf('ftp://example.com/a.png', web)).toMatch(/\(ftp:\)/);
    expect(reasonOf('blob:https://example.com/uuid', web)).toMatch(/\(blob:\)/);
    expect(reasonOf('just some words', web)).toBe('The link is not an address Cairn can load.');
    expect(reasonOf('//example.com/a.png', web)).toBe('The link is not an address Cairn can load.');
    expect(reasonOf('', web)).toBe('There is no link to load.');
    expect(reasonOf('   ', web)).toBe('There is no link to load.');
    expect(reasonOf(`https://example.com/${'a'.repeat(9000)}`, web)).toMatch(/too long/);
  });

  it('shows safe data: images directly and refuses other embedded data', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const svg = 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';
    expect(resolveMediaUri(png, none)).toEqual({ kind: 'data', url: png });
    expect(resolveMediaUri(` ${svg} `, none)).toEqual({ kind: 'data', url: svg });
    expect(reasonOf('data:text/html,<script>alert(1)</script>', web)).toBe(
      'Embedded as text/html, and Cairn only shows embedded images (PNG, JPEG, GIF, WebP, SVG, AVIF).',
    );
    expect(reasonOf('data:application/json,{}', web)).toMatch(/^Embedded as application\/json,/);
    expect(reasonOf('data:,hello', web)).toMatch(/^Embedded as text\/plain,/);
    expect(reasonOf('data:garbage', web)).toMatch(/^Embedded as unknown data,/);
  });
});

describe('isSafeImageDataUri', () => {
  it('allows the six image types, with base64 or text payloads', () => {
    for (const uri of [
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/gif;base64,R0lGODlh',
      'data:image/webp;base64,UklGR',
      'data:image/avif;base64,AAAAIGZ0eXBhdmlm',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      'data:image/svg+xml;utf8,<svg></svg>',
      'data:image/svg+xml;charset=utf-8,<svg></svg>',
      'data:image/svg+xml;charset=UTF-8;base64,PHN2Zz48L3N2Zz4=',
      'DATA:IMAGE/PNG;BASE64,iVBORw0KGgo=',
    ]) {
      expect(isSafeImageDataUri(uri), uri).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const uri of [
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:application/xhtml+xml,<html/>',
      'data:image/svg,<svg/>',
      'data:image/png',
      'data:image/pngx;base64,AA',
      'data:image/x-icon;base64,AA',
      'data:image/png;name=a.html;base64,AA',
      'data:image/svg+xml;base64;charset=utf-8,AA',
      'data:application/json;base64,e30=',
      ' data:image/png;base64,AA',
      'javascript:alert(1)//data:image/png;base64,',
      'https://example.com/a.png',
      '',
    ]) {
      expect(isSafeImageDataUri(uri), uri).toBe(false);
    }
  });
});

describe('resolveMediaUri properties', () => {
  const settingsArb = fc.record({
    ipfsGateway: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(GATEWAY, 'http://127.0.0.1:8080/ipfs/', 'http://evil.example/ipfs/', 'http://localhost/ipfs', ''),
      fc.webUrl(),
      fc.string(),
    ),
    allowWeb: fc.boolean(),
  });
  const uriArb = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl().map((url) => url.replace(/^https/, 'http')),
    fc.constantFrom(
      'ipfs://',
      'ipfs://ipfs/',
      '/ipfs/',
      'ar://',
      'data:',
      'http://localhost',
      'http://127.0.0.1',
      CID0,
    ),
    fc
      .tuple(
        fc.constantFrom('ipfs://', 'ipfs://ipfs/', '/ipfs/', 'https://', 'http://', 'data:image/svg+xml', 'data:', ''),
        fc.constantFrom(CID0, CID1, '', 'localhost', '127.0.0.1', 'example.com'),
        fc.string(),
      )
      .map((parts) => parts.join('')),
  );

  it('never throws, and only fetches https or (allowed) plain http on this computer', () => {
    fc.assert(
      fc.property(uriArb, settingsArb, (uri, settings) => {
        const source = resolveMediaUri(uri, settings);
        if (source.kind === 'data') expect(isSafeImageDataUri(source.url)).toBe(true);
        if (source.kind === 'blocked') expect(source.reason).toMatch(/^\S.*\.$/);
        if (source.kind !== 'fetch') return;
        const url = new URL(source.url);
        expect(url.username + url.password).toBe('');
        if (url.protocol === 'https:') return;
        expect(url.protocol).toBe('http:');
        expect(['localhost', '127.0.0.1']).toContain(url.hostname);
        // Plain http is either an allowed local web link or the person's own local gateway.
        const viaLocalGateway = settings.ipfsGateway?.trim().startsWith(`http://${url.host}`) ?? false;
        expect(settings.allowWeb || viaLocalGateway).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never fetches anything with the default settings (no gateway, no web)', () => {
    fc.assert(
      fc.property(uriArb, (uri) => {
        expect(resolveMediaUri(uri, none).kind).not.toBe('fetch');
      }),
      { numRuns: 1000 },
    );
  });

  it('only ever fetches from the configured gateway when the web is off', () => {
    fc.assert(
      fc.property(uriArb, (uri) => {
        const source = resolveMediaUri(uri, gateway);
        if (source.kind === 'fetch') expect(source.url.startsWith(GATEWAY)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

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

function response(body: string, init: { status?: number; headers?: Record<string, string> } = {}): MetadataResponse {
  const headers = new Map(Object.entries(init.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    ok: (init.status ?? 200) < 300,
    status: init.status ?? 200,
    headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
    text: async () => body,
  };
}

const noFetch: MetadataFetch = () => {
  throw new Error('no request may be made');
};

async function readError(promise: Promise<unknown>): Promise<AssetError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AssetError);
    expect((error as AssetError).code).toBe('ASSET_NFT_METADATA');
    return error as AssetError;
  }
  throw new Error('expected an AssetError');
}

describe('readNftMetadata', () => {
  const json = { name: 'Café ☕ 100%', image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' };
  const text = JSON.stringify(json);
  const base64 = Buffer.from(text, 'utf8').toString('base64');

  it('decodes data: JSON locally in every common form, without a request', async () => {
    const fetch = vi.fn(noFetch);
    for (const uri of [
      `data:application/json;base64,${base64}`,
      `data:application/json;charset=utf-8;base64,${base64}`,
      `data:application/json,${encodeURIComponent(text)}`,
      `data:application/json;utf8,${encodeURIComponent(text)}`,
      `data:application/json;charset=utf-8,${encodeURIComponent(text)}`,
      `data:application/json;utf8,${text}`, // raw, with a literal '%' that is not an escape
      `DATA:Application/JSON;BASE64,${base64}`,
    ]) {
      const result = await readNftMetadata(uri, none, fetch);
      expect(result, uri).toEqual({
        metadata: { name: json.name, description: undefined, image: json.image, attributes: [] },
      });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses data: that is not JSON or is damaged', async () => {
    expect(
      (await readError(readNftMetadata('data:text/html,<script>alert(1)</script>', web, noFetch))).shortMessage,
    ).toBe('The details of this NFT are embedded as text/html instead of JSON, so Cairn cannot read them.');
    await readError(readNftMetadata('data:image/png;base64,iVBORw0KGgo=', web, noFetch));
    await readError(readNftMetadata('data:application/json', web, noFetch));
    expect((await readError(readNftMetadata('data:application/json;base64,!!!', web, noFetch))).shortMessage).toMatch(
      /invalid base64/,
    );
    expect((await readError(readNftMetadata('data:application/json,{"name":', web, noFetch))).shortMessage).toMatch(
      /not valid JSON/,
    );
    await readError(readNftMetadata(`data:application/json;base64,${btoa('[1,2]')}`, web, noFetch));
  });

  it('fetches IPFS metadata from the gateway with a signal and no cookies or referrer', async () => {
    const fetch = vi.fn<MetadataFetch>(async () =>
      response('{"name":"From IPFS","attributes":[{"trait_type":"a","value":1}]}'),
    );
    const result = await readNftMetadata(`ipfs://ipfs/${CID0}/1.json`, gateway, fetch);
    expect(result).toEqual({
      metadata: {
        name: 'From IPFS',
        description: undefined,
        image: undefined,
        attributes: [{ trait: 'a', value: '1' }],
      },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${GATEWAY}${CID0}/1.json`);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
  });

  it('fetches https metadata only when the web is allowed', async () => {
    const fetch = vi.fn<MetadataFetch>(async () => response('{"name":"Web"}', { headers: { 'Content-Length': '14' } }));
    expect(await readNftMetadata('https://api.example.com/1', web, fetch)).toMatchObject({ metadata: { name: 'Web' } });
    expect(fetch).toHaveBeenCalledWith('https://api.example.com/1', expect.anything());
  });

  it('returns the reason without a request when the link is blocked', async () => {
    const fetch = vi.fn(noFetch);
    expect(await readNftMetadata(`ipfs://${CID0}/1`, none, fetch)).toEqual({
      blocked: 'Stored on IPFS: set an IPFS gateway in Settings to load it.',
    });
    expect(await readNftMetadata('https://api.example.com/1', gateway, fetch)).toEqual({
      blocked: 'Hosted on api.example.com: allow loading NFT media from the web in Settings to load it.',
    });
    expect(await readNftMetadata('http://api.example.com/1', web, fetch)).toMatchObject({
      blocked: expect.stringMatching(/http/),
    });
    expect(await readNftMetadata('ar://abc', web, fetch)).toEqual({
      blocked: 'Stored on Arweave, which Cairn cannot load yet.',
    });
    expect(await readNftMetadata('', web, fetch)).toEqual({ blocked: 'There is no link to load.' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('explains server errors, unreachable hosts and malformed answers', async () => {
    const notFound = await readError(
      readNftMetadata('https://api.example.com/1', web, async () => response('missing', { status: 404 })),
    );
    expect(notFound.shortMessage).toBe('api.example.com answered with status 404 instead of the details of this NFT.');

    const unreachable = await readError(
      readNftMetadata('https://api.example.com/1', web, async () => {
        throw new TypeError('fetch failed');
      }),
    );
    expect(unreachable.shortMessage).toMatch(/could not read the details of this NFT from api\.example\.com/);
    expect(unreachable.details).toBe('fetch failed');

    const cut = await readError(
      readNftMetadata('https://api.example.com/1', web, async () => ({
        ...response(''),
        text: () => Promise.reject(new Error('socket closed')),
      })),
    );
    expect(cut.shortMessage).toMatch(/cut off/);

    const html = await readError(readNftMetadata('https://api.example.com/1', web, async () => response('<html>')));
    expect(html.shortMessage).toMatch(/not valid JSON/);
  });

  it('refuses answers over 256 KB, by header before reading and by length after', async () => {
    const text = vi.fn(async () => '{}');
    const declared = await readError(
      readNftMetadata('https://api.example.com/1', web, async () => ({
        ...response(''),
        headers: { get: (name: string) => (name.toLowerCase() === 'content-length' ? String(256 * 1024 + 1) : null) },
        text,
      })),
    );
    expect(declared.shortMessage).toBe(
      'The details of this NFT from api.example.com are larger than 256 KB, so Cairn did not read them.',
    );
    expect(text).not.toHaveBeenCalled();

    const padded = `{"name":"big","pad":"${'x'.repeat(256 * 1024)}"}`;
    const undeclared = await readError(readNftMetadata('https://api.example.com/1', web, async () => response(padded)));
    expect(undeclared.shortMessage).toMatch(/larger than 256 KB/);

    const lying = await readError(
      readNftMetadata('https://api.example.com/1', web, async () =>
        response(padded, { headers: { 'content-length': '10' } }),
      ),
    );
    expect(lying.shortMessage).toMatch(/larger than 256 KB/);

    const justUnder = `{"pad":"${'x'.repeat(256 * 1024 - 10)}"}`;
    expect(justUnder).toHaveLength(256 * 1024);
    expect(await readNftMetadata('https://api.example.com/1', web, async () => response(justUnder))).toHaveProperty(
      'metadata',
    );
  });

  it('gives up after the time limit even when the fetch ignores its signal', async () => {
    let signal: AbortSignal | undefined;
    const hanging: MetadataFetch = (_url, init) => {
      signal = init?.signal;
      return new Promise(() => {});
    };
    const error = await readError(readNftMetadata(`ipfs://${CID0}`, gateway, hanging, { timeoutMs: 20 }));
    expect(error.shortMessage).toBe('ipfs.io did not answer within 20 ms, so the details of this NFT were not loaded.');
    expect(signal?.aborted).toBe(true);
  });

  it('reports a timeout when the fetch honours the abort, or the body never ends', async () => {
    const honouring: MetadataFetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    expect(
      (await readError(readNftMetadata('https://api.example.com/1', web, honouring, { timeoutMs: 20 }))).shortMessage,
    ).toMatch(/did not answer within 20 ms/);
    const slowBody: MetadataFetch = async () => ({ ...response(''), text: () => new Promise<string>(() => {}) });
    expect(
      (await readError(readNftMetadata('https://api.example.com/1', web, slowBody, { timeoutMs: 20 }))).shortMessage,
    ).toMatch(/did not answer/);
  });

  it('uses a 10 second limit by default', async () => {
    vi.useFakeTimers();
    try {
      const pending = readNftMetadata('https://api.example.com/1', web, () => new Promise(() => {}));
      const settled = readError(pending);
      await vi.advanceTimersByTimeAsync(9_999);
      await vi.advanceTimersByTimeAsync(1);
      expect((await settled).shortMessage).toBe(
        'api.example.com did not answer within 10 seconds, so the details of this NFT were not loaded.',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('erc1155Uri', () => {
  it('substitutes {id} as 64 lowercase hex digits (EIP-1155 example)', () => {
    expect(erc1155Uri('{id}', 314592n)).toBe('000000000000000000000000000000000000000000000000000000000004cce0');
    expect(erc1155Uri('https://token-cdn-domain/{id}.json', 314592n)).toBe(
      'https://token-cdn-domain/000000000000000000000000000000000000000000000000000000000004cce0.json',
    );
  });

  it('replaces every {id}, leaves templates without one alone, and covers the uint256 range', () => {
    expect(erc1155Uri('ipfs://x/{id}/{id}.json', 255n)).toBe(`ipfs://x/${'0'.repeat(62)}ff/${'0'.repeat(62)}ff.json`);
    expect(erc1155Uri('https://example.com/1.json', 7n)).toBe('https://example.com/1.json');
    expect(erc1155Uri('{ID} {id}', 0n)).toBe(`{ID} ${'0'.repeat(64)}`);
    expect(erc1155Uri('{id}', (1n << 256n) - 1n)).toBe('f'.repeat(64));
    expect(() => erc1155Uri('{id}', -1n)).toThrow(RangeError);
    expect(() => erc1155Uri('{id}', 1n << 256n)).toThrow(RangeError);
  });

  it('always yields exactly 64 lowercase hex digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (id) => {
        const hex = erc1155Uri('{id}', id);
        expect(hex).toMatch(/^[0-9a-f]{64}$/);
        expect(BigInt(`0x${hex}`)).toBe(id);
      }),
    );
  });
});
