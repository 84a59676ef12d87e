import { describe, expect, it, vi } from 'vitest';
import { AssetError } from '../errors/assets';
import { renderMessage } from '../i18n/message';
import type { MediaSettings } from './nftLinks';
import { type MetadataFetch, type MetadataResponse, readNftMetadata } from './nftMetadataFetch';

const CID0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const GATEWAY = 'https://ipfs.io/ipfs/';

const none: MediaSettings = { ipfsGateway: undefined, allowWeb: false };
const gateway: MediaSettings = { ipfsGateway: GATEWAY, allowWeb: false };
const web: MediaSettings = { ipfsGateway: undefined, allowWeb: true };

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
    /** Why a link was not loaded, in words (the tests read English). */
    const blocked = async (uri: string, settings: MediaSettings) => {
      const read = await readNftMetadata(uri, settings, fetch);
      return 'blocked' in read ? renderMessage(read.blocked) : read;
    };
    expect(await blocked(`ipfs://${CID0}/1`, none)).toBe('Stored on IPFS: set an IPFS gateway in Settings to load it.');
    expect(await blocked('https://api.example.com/1', gateway)).toBe(
      'Hosted on api.example.com: allow loading NFT media from the web in Settings to load it.',
    );
    expect(await blocked('http://api.example.com/1', web)).toMatch(/http/);
    expect(await blocked('ar://abc', web)).toBe('Stored on Arweave, which Cairn cannot load yet.');
    expect(await blocked('', web)).toBe('There is no link to load.');
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
