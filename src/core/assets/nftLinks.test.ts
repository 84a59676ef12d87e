import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../i18n/message';
import { erc1155Uri, isSafeImageDataUri, type MediaSettings, resolveMediaUri } from './nftLinks';

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
  return renderMessage(source.reason);
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
        if (source.kind === 'blocked') expect(renderMessage(source.reason)).toMatch(/^\S.*\.$/);
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
