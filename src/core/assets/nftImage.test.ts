import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { AssetError } from '../errors/assets';
import { fetchNftImage, type ImageFetch, NFT_IMAGE_MAX_BYTES, sniffRasterFormat } from './nftImage';

const hex = (dump: string) =>
  Uint8Array.from(dump.replace(/\s+/g, '').match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const text = (value: string) => new TextEncoder().encode(value);

/** The first 32 bytes of real files (CPython's imghdr test images; AVIF: the ftyp box libavif writes). */
const real = {
  png: hex('8950 4e47 0d0a 1a0a 0000 000d 4948 4452 0000 0010 0000 0010 0803 0000 0028 2d0f'),
  jpeg: hex('ffd8 ffe0 0010 4a46 4946 0001 0101 0001 0001 0000 ffdb 0043 0003 0202 0202 0203'),
  gif: hex('4749 4638 3961 1000 1000 f664 00eb bb18 ebbe 21f3 c11a fac7 19fd cb1b ffcc 1ceb'),
  webp: hex('5249 4646 a801 0000 5745 4250 5650 3858 0a00 0000 1000 0000 0f00 000f 0000 414c'),
  avif: hex('0000 0020 6674 7970 6176 6966 0000 0000 6176 6966 6d69 6631 6d69 6166 4d41 3142'),
} as const;

/** A whole 2×2 PNG as pngjs writes it. */
function wholePng(): Uint8Array {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return new Uint8Array(PNG.sync.write(png));
}

const SVG_WITH_SCRIPT = text(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/steal")</script></svg>',
);
const HTML_PAGE = text('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A fetch that answers every request with `body` and these headers, recording what it was asked. */
function serving(body: Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}, status = 200) {
  const calls: { url: string; init: Parameters<ImageFetch>[1] }[] = [];
  const fetch: ImageFetch = async (url, init) => {
    calls.push({ url, init });
    return new Response(body as BodyInit, { status, headers });
  };
  return { fetch, calls };
}

async function refusal(promise: Promise<unknown>): Promise<AssetError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AssetError);
  expect((error as AssetError).code).toBe('ASSET_NFT_IMAGE');
  return error as AssetError;
}

const URL_ = 'https://img.example/cat.png';

describe('sniffRasterFormat', () => {
  it('knows PNG, JPEG, GIF, WebP and AVIF by the first bytes of real files', () => {
    expect(sniffRasterFormat(real.png)).toBe('png');
    expect(sniffRasterFormat(real.jpeg)).toBe('jpeg');
    expect(sniffRasterFormat(hex('ffd8 ffe1 0018 4578 6966'))).toBe('jpeg');
    expect(sniffRasterFormat(real.gif)).toBe('gif');
    expect(sniffRasterFormat(text('GIF87a\x01\x00\x01\x00'))).toBe('gif');
    expect(sniffRasterFormat(real.webp)).toBe('webp');
    expect(sniffRasterFormat(real.avif)).toBe('avif');
    expect(sniffRasterFormat(wholePng())).toBe('png');
  });

  it('reads AVIF from the ftyp box: avif or avis as the major or a compatible brand', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const size = 16 + 4 * compatible.length;
      return Uint8Array.from([0, 0, 0, size, ...text(`ftyp${major}\0\0\0\0${compatible.join('')}`)]);
    };
    expect(sniffRasterFormat(ftyp('avis', 'avis', 'msf1'))).toBe('avif');
    expect(sniffRasterFormat(ftyp('mif1', 'mif1', 'avif'))).toBe('avif');
    expect(sniffRasterFormat(ftyp('heic', 'mif1', 'heic'))).toBeUndefined();
    expect(sniffRasterFormat(ftyp('isom', 'isom', 'mp41'))).toBeUndefined();
    // A box size that does not fit the data, or is too small for a brand list, is not trusted.
    const lying = ftyp('mif1', 'avif');
    lying[3] = 0xf0;
    expect(sniffRasterFormat(lying)).toBeUndefined();
    const tiny = ftyp('avif', 'avif');
    tiny[3] = 8;
    expect(sniffRasterFormat(tiny)).toBeUndefined();
  });

  it('refuses SVG, HTML, text, nothing, and cut-off or shifted magic numbers', () => {
    for (const bytes of [
      SVG_WITH_SCRIPT,
      text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      HTML_PAGE,
      text('hello'),
      new Uint8Array(),
      real.png.subarray(0, 7),
      real.gif.subarray(0, 5),
      real.webp.subarray(0, 11),
      Uint8Array.from([0x20, ...real.png]),
      text('RIFF\0\0\0\0WAVEfmt '),
    ]) {
      expect(sniffRasterFormat(bytes)).toBeUndefined();
    }
  });
});

describe('fetchNftImage', () => {
  it('types the Blob by its first bytes, never by the Content-Type the server sends', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ] as const) {
      for (const claimed of ['text/html', 'image/svg+xml', 'application/octet-stream']) {
        const blob = await fetchNftImage(URL_, serving(real[format], { 'Content-Type': claimed }).fetch);
        expect(blob.type).toBe(type);
        expect(new Uint8Array(await blob.arrayBuffer())).toEqual(real[format]);
      }
    }
    const png = wholePng();
    const blob = await fetchNftImage(URL_, serving(png).fetch);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
  });

  it('asks without cookies or referrer', async () => {
    const server = serving(real.png, { 'Content-Type': 'image/png' });
    await fetchNftImage(URL_, server.fetch);
    expect(server.calls).toEqual([{ url: URL_, init: { credentials: 'omit', referrerPolicy: 'no-referrer' } }]);
  });

  it('refuses an SVG with a script, whatever it is labelled, with a sentence a person understands', async () => {
    for (const claimed of ['image/svg+xml', 'image/png']) {
      const error = await refusal(fetchNftImage(URL_, serving(SVG_WITH_SCRIPT, { 'Content-Type': claimed }).fetch));
      expect(error.shortMessage).toBe(
        'The NFT’s image from img.example is not a PNG, JPEG, GIF, WebP or AVIF picture (it is an SVG drawing), so Cairn did not show it.',
      );
    }
  });

  it('refuses an HTML page labelled image/png, and plain text', async () => {
    const html = await refusal(fetchNftImage(URL_, serving(HTML_PAGE, { 'Content-Type': 'image/png' }).fetch));
    expect(html.shortMessage).toBe(
      'The NFT’s image from img.example is not a PNG, JPEG, GIF, WebP or AVIF picture (it is a web page), so Cairn did not show it.',
    );
    const plain = await refusal(fetchNftImage(URL_, serving(text('just text'), { 'Content-Type': 'image/gif' }).fetch));
    expect(plain.shortMessage).toBe(
      'The NFT’s image from img.example is not a PNG, JPEG, GIF, WebP or AVIF picture, so Cairn did not show it.',
    );
  });

  it('refuses more than 10 MB, declared or streamed, without reading past the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const streamed = await refusal(fetchNftImage(URL_, serving(endless).fetch));
    expect(streamed.shortMessage).toBe(
      'The NFT’s image from img.example is larger than 10 MB, so Cairn did not show it.',
    );
    expect(pulled).toBeLessThanOrEqual(12);

    const declared = await refusal(
      fetchNftImage(URL_, serving(real.png, { 'Content-Length': String(NFT_IMAGE_MAX_BYTES + 1) }).fetch),
    );
    expect(declared.shortMessage).toMatch(/larger than 10 MB/);

    const exactly = new Uint8Array(NFT_IMAGE_MAX_BYTES);
    exactly.set(real.png);
    expect((await fetchNftImage(URL_, serving(exactly).fetch)).size).toBe(NFT_IMAGE_MAX_BYTES);
  });

  it('says when the host answers with an error or cannot be reached', async () => {
    const missing = await refusal(fetchNftImage(URL_, serving(text('nope'), {}, 404).fetch));
    expect(missing.shortMessage).toBe('img.example answered with status 404 instead of the NFT’s image.');
    const down = await refusal(
      fetchNftImage(URL_, async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(down.shortMessage).toBe(
      'Cairn could not load the NFT’s image from img.example: the server is unreachable or does not accept requests from Cairn.',
    );
  });
});
