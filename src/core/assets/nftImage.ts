import { AssetError } from '../errors/assets';
import { toSafeDetails } from '../errors/base';
import { codeValue, msg } from '../i18n/message';

/**
 * NFT images fetched from the web or an IPFS gateway. A fetched file becomes a same-origin
 * `blob:` URL, and a `blob:` URL opened as a document (a new tab, a frame) runs whatever its type
 * says: an SVG or HTML file there could run scripts with Cairn's origin. So a fetched image is
 * accepted only when its first bytes are those of a raster format, and the Blob is re-made with
 * that format's fixed type; what the server claims (Content-Type) is never used. SVG is shown only
 * from a `data:` URI in the metadata, through <img> (see `resolveMediaUri`), never fetched.
 */

export type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

export const RASTER_TYPES: Readonly<Record<RasterFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The largest NFT image Cairn fetches. */
export const NFT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The part of a fetch Response that `fetchNftImage` uses. */
export type ImageResponse = {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
};

export type ImageFetch = (
  url: string,
  init: { credentials: 'omit'; referrerPolicy: 'no-referrer'; signal?: AbortSignal },
) => Promise<ImageResponse>;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

/**
 * AVIF is an ISO-BMFF file: a first box of type `ftyp` whose major brand or one of whose
 * compatible brands is `avif` (still image) or `avis` (image sequence).
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const size = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  if (size < 16 || size > bytes.length || size % 4 !== 0) return false;
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** The raster format named by a file's first bytes (its magic number), or undefined. */
export function sniffRasterFormat(bytes: Uint8Array): RasterFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return undefined;
}

/** What a refused file seems to be, for the sentence only (never to decide anything). */
function describeContent(bytes: Uint8Array): 'empty' | 'page' | 'svg' | undefined {
  const text = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text === '') return 'empty';
  if (!text.startsWith('<')) return undefined;
  if (/^<!doctype html|^<html[\s>]/.test(text)) return 'page';
  if (/<svg[\s>]/.test(text)) return 'svg';
  if (/^<(head|body|script|iframe)[\s>]/.test(text)) return 'page';
  return undefined;
}

const NOT_RASTER = {
  empty: 'core.chain:nft.image.notRasterEmpty',
  page: 'core.chain:nft.image.notRasterPage',
  svg: 'core.chain:nft.image.notRasterSvg',
  unknown: 'core.chain:nft.image.notRaster',
} as const;

function notRaster(host: string, bytes: Uint8Array): AssetError {
  const id = NOT_RASTER[describeContent(bytes) ?? 'unknown'];
  return new AssetError('ASSET_NFT_IMAGE', msg(id, { host: codeValue(host) }));
}

function tooLarge(host: string): AssetError {
  return new AssetError(
    'ASSET_NFT_IMAGE',
    msg('core.chain:nft.image.tooLarge', { host: codeValue(host), size: NFT_IMAGE_MAX_BYTES / 1024 / 1024 }),
  );
}

/** The whole body, refusing more than `max` bytes without reading past it. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  host: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(host);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Fetches an NFT image (an https URL, or http on this computer, as `resolveMediaUri` gives it)
 * without cookies or referrer, and returns it as a Blob whose type is fixed by its first bytes:
 * PNG, JPEG, GIF, WebP or AVIF. At most 10 MB is read.
 *
 * Errors: ASSET_NFT_IMAGE, with a sentence, when the host cannot be reached, answers with an
 * error status, sends more than 10 MB, or sends anything that is not one of those pictures
 * (SVG, HTML, text…), whatever its Content-Type says.
 */
export async function fetchNftImage(
  url: string,
  fetch: ImageFetch = (target, init) => globalThis.fetch(target, init),
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const host = new URL(url).host;
  let response: ImageResponse;
  try {
    response = await fetch(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new AssetError('ASSET_NFT_IMAGE', msg('core.chain:nft.image.unreachable', { host: codeValue(host) }), {
      details: toSafeDetails(error),
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AssetError(
      'ASSET_NFT_IMAGE',
      msg('core.chain:nft.image.status', { host: codeValue(host), status: String(response.status) }),
    );
  }
  const declared = response.headers.get('content-length')?.trim();
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > NFT_IMAGE_MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(host);
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readCapped(response.body, NFT_IMAGE_MAX_BYTES, host);
  } catch (error) {
    if (error instanceof AssetError) throw error;
    throw new AssetError('ASSET_NFT_IMAGE', msg('core.chain:nft.image.cutOff', { host: codeValue(host) }), {
      details: toSafeDetails(error),
      cause: error,
    });
  }
  const format = sniffRasterFormat(bytes);
  if (!format) throw notRaster(host, bytes);
  return new Blob([bytes], { type: RASTER_TYPES[format] });
}
