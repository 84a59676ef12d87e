import { isLocalPlainUrl } from '../chain/plainHttp';
import { AssetError } from '../errors/assets';
import { toSafeDetails } from '../errors/base';

/**
 * NFT metadata and media links, resolved without contacting anyone the person has not chosen.
 *
 * A token's `tokenURI` / `uri` and the `image` inside its metadata are links chosen by whoever
 * deployed the contract. Cairn loads them only through what the person configured:
 * - `data:` links are read locally (JSON) or shown directly (images of a few safe types);
 * - IPFS links go to the IPFS gateway set in Settings, and nowhere else;
 * - web links (`https://`, or `http://` to this computer) only when loading from the web is on;
 * - everything else (Arweave, IPNS, plain http to other hosts, unknown schemes) is not loaded,
 *   and the person is told why in a sentence.
 */

export type MediaSettings = {
  /** Gateway prefix such as 'https://ipfs.io/ipfs/'. User-configured; none by default. */
  ipfsGateway: string | undefined;
  /** Load http(s) URLs named by metadata. Off by default. */
  allowWeb: boolean;
};

export type MediaSource =
  /** A data: URI usable directly in <img src>. */
  | { kind: 'data'; url: string }
  /** An https URL (or http on this computer) that Cairn may fetch: the gateway or an allowed web host. */
  | { kind: 'fetch'; url: string }
  /** Not loaded: a sentence saying why and, where possible, how to enable it. */
  | { kind: 'blocked'; reason: string };

export type NftMetadata = {
  name: string | undefined;
  description: string | undefined;
  /** The raw image URI from the metadata: pass it through `resolveMediaUri` before use. */
  image: string | undefined;
  attributes: { trait: string; value: string }[];
};

/** The part of a fetch Response that `readNftMetadata` uses. */
export type MetadataResponse = {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
};

export type MetadataFetch = (url: string, init?: { signal?: AbortSignal }) => Promise<MetadataResponse>;

export const NFT_METADATA_TIMEOUT_MS = 10_000;
export const NFT_METADATA_MAX_BYTES = 256 * 1024;
export const NFT_ATTRIBUTES_MAX = 50;
/** Links other than data: URIs longer than this are not loaded (real ones are far shorter). */
const MAX_LINK_LENGTH = 8192;

const BASE58 = '1-9A-HJ-NP-Za-km-z';
/** CIDv0 (base58btc 'Qm…') or a CIDv1 in a multibase text encoding (base32 'b…', base36 'k…', base58 'z…', hex 'f…'). */
const CID = new RegExp(
  `^(?:Qm[${BASE58}]{44}|[bB][a-zA-Z2-7]{50,200}|k[0-9a-z]{50,200}|z[${BASE58}]{46,200}|[fF][0-9a-fA-F]{50,200})$`,
);
/** A bare CID as some contracts return it, optionally followed by a path: 'Qm…', 'bafy…'/'bafk…'. */
const BARE_CID = new RegExp(`^(?:Qm[${BASE58}]{44}|baf[a-z2-7]{56,200})(?=$|[/?#])`);

/**
 * Images Cairn shows straight from a data: URI. Only raster formats and SVG, all of which are only
 * ever rendered through <img>: an SVG loaded by <img> runs no scripts and fetches no external
 * resources, so `<svg onload=…>` is inert there. Never use these in <iframe>, <object> or as HTML.
 * Optional `;charset=…` / `;utf8` parameters (common in on-chain SVG) and `;base64` are allowed.
 */
const SAFE_IMAGE_DATA_URI =
  /^data:image\/(?:png|jpeg|gif|webp|svg\+xml|avif)(?:;(?:charset=[a-z0-9._-]{1,40}|utf-?8))?(?:;base64)?,/i;

const IPFS_NO_GATEWAY = 'Stored on IPFS: set an IPFS gateway in Settings to load it.';
const IPFS_BAD_GATEWAY =
  'Stored on IPFS, but the IPFS gateway in Settings is not a usable https address (like https://ipfs.io/ipfs/): correct it in Settings to load it.';
const IPFS_BAD_LINK = 'The IPFS link is not valid (no proper content ID or path), so Cairn does not load it.';

/** True only for data:image/(png|jpeg|gif|webp|svg+xml|avif)[;charset=…][;base64],… */
export function isSafeImageDataUri(uri: string): boolean {
  return SAFE_IMAGE_DATA_URI.test(uri);
}

/**
 * Decides how a link from a token or its metadata may be loaded. Never throws and never
 * makes a request; a 'fetch' URL is https, or http only to this computer (a local IPFS gateway, or
 * a local web server when loading from the web is allowed).
 */
export function resolveMediaUri(uri: string, settings: MediaSettings): MediaSource {
  const link = uri.trim();
  if (link === '') return blocked('There is no link to load.');
  const head = link.slice(0, 8).toLowerCase();
  if (head.startsWith('data:')) {
    return isSafeImageDataUri(link)
      ? { kind: 'data', url: link }
      : blocked(
          `Embedded as ${dataMediaType(link) ?? 'unknown data'}, and Cairn only shows embedded images (PNG, JPEG, GIF, WebP, SVG, AVIF).`,
        );
  }
  if (link.length > MAX_LINK_LENGTH)
    return blocked('The link is too long to be a real address, so Cairn does not load it.');
  if (head.startsWith('ipfs://')) return viaGateway(link.slice('ipfs://'.length), settings);
  if (head.startsWith('/ipfs/')) return viaGateway(link.slice('/ipfs/'.length), settings);
  if (BARE_CID.test(link)) return viaGateway(link, settings);
  if (head.startsWith('ipns://')) return blocked('Stored on IPNS, which Cairn cannot load yet.');
  if (head.startsWith('ar://')) return blocked('Stored on Arweave, which Cairn cannot load yet.');
  const scheme = /^([a-z][a-z0-9+.-]{0,19}):/i.exec(link)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http') return viaWeb(link, settings);
  if (scheme === undefined) return blocked('The link is not an address Cairn can load.');
  return blocked(`The link is of a kind (${scheme}:) that Cairn does not load.`);
}

function blocked(reason: string): MediaSource {
  return { kind: 'blocked', reason };
}

function isLocalHttp(url: URL): boolean {
  return url.protocol === 'http:' && isLocalPlainUrl(url);
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function viaWeb(link: string, settings: MediaSettings): MediaSource {
  const url = parseUrl(link);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return blocked('The link is not a valid web address, so Cairn does not load it.');
  }
  if (url.username !== '' || url.password !== '') {
    return blocked('The link carries a user name or password, so Cairn does not load it.');
  }
  if (url.protocol === 'http:' && !isLocalHttp(url)) {
    return blocked(`Served over unencrypted http from ${url.hostname}, which Cairn never loads.`);
  }
  if (!settings.allowWeb) {
    return blocked(`Hosted on ${url.hostname}: allow loading NFT media from the web in Settings to load it.`);
  }
  return { kind: 'fetch', url: url.href };
}

/** The gateway prefix ending in exactly one slash, or why it cannot be used. */
function gatewayBase(gateway: string | undefined): { base: string } | { reason: string } {
  const text = gateway?.trim() ?? '';
  if (text === '') return { reason: IPFS_NO_GATEWAY };
  const url = parseUrl(text);
  if (
    !url ||
    !(url.protocol === 'https:' || isLocalHttp(url)) ||
    url.username !== '' ||
    url.password !== '' ||
    url.href.includes('?') ||
    url.href.includes('#')
  ) {
    return { reason: IPFS_BAD_GATEWAY };
  }
  return { base: `${url.href.replace(/\/+$/, '')}/` };
}

/** `rest` is what follows 'ipfs://': 'CID', 'CID/path', or 'ipfs/CID/path' (normalised). */
function viaGateway(rest: string, settings: MediaSettings): MediaSource {
  let target = rest.replace(/^\/+/, '');
  if (/^ipfs\//i.test(target)) target = target.slice('ipfs/'.length).replace(/^\/+/, '');
  const match = /^([a-zA-Z0-9]+)([\s\S]*)$/.exec(target);
  const cid = match?.[1];
  const tail = match?.[2] ?? '';
  if (cid === undefined || !CID.test(cid) || (tail !== '' && !/^[/?#]/.test(tail))) return blocked(IPFS_BAD_LINK);
  const gateway = gatewayBase(settings.ipfsGateway);
  if ('reason' in gateway) return blocked(gateway.reason);
  const path = tail.startsWith('/') ? tail.replace(/^\/+/, '') : tail;
  const joined =
    path === ''
      ? `${gateway.base}${cid}`
      : path.startsWith('?') || path.startsWith('#')
        ? `${gateway.base}${cid}${path}`
        : `${gateway.base}${cid}/${path}`;
  // '..' segments (plain or percent-encoded) or backslashes in the path must not climb out of the CID.
  const href = parseUrl(joined)?.href ?? '';
  const root = `${gateway.base}${cid}`;
  if (!href.startsWith(root) || !/^(?:$|[/?#])/.test(href.slice(root.length))) return blocked(IPFS_BAD_LINK);
  return { kind: 'fetch', url: href };
}

/** The media type named by a data: URI, if it looks like one (for messages only). */
function dataMediaType(link: string): string | undefined {
  const type = /^data:([a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60})?[;,]/i.exec(link);
  if (!type) return undefined;
  return type[1]?.toLowerCase() ?? 'text/plain';
}

/**
 * Reads metadata JSON. Only the known fields are kept, each coerced to text, and at most 50
 * attributes. The texts are kept whole: they are cut when shown, as all untrusted text is
 * (core/text/untrustedText). The text is parsed with JSON.parse only; nothing in it is ever evaluated.
 *
 * Errors: ASSET_NFT_METADATA when the text is not JSON or not a JSON object.
 */
export function parseNftMetadataJson(text: string): NftMetadata {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new AssetError(
      'ASSET_NFT_METADATA',
      'The details of this NFT are not valid JSON, so Cairn cannot show them.',
      {
        details: toSafeDetails(error),
        cause: error,
      },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AssetError(
      'ASSET_NFT_METADATA',
      'The details of this NFT are not a JSON object with a name and image, so Cairn cannot show them.',
    );
  }
  const record = value as Record<string, unknown>;
  const rawImage = own(record, 'image');
  const image = typeof rawImage === 'string' && rawImage.trim() !== '' ? rawImage.trim() : undefined;
  return {
    name: textOf(own(record, 'name')),
    description: textOf(own(record, 'description')),
    image,
    attributes: readAttributes(own(record, 'attributes')),
  };
}

/** A property the object itself holds (never one inherited from Object.prototype). */
function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function readAttributes(value: unknown): { trait: string; value: string }[] {
  const attributes: { trait: string; value: string }[] = [];
  // The OpenSea form: [{ "trait_type": "Eyes", "value": "Blue" }, …]
  if (Array.isArray(value)) {
    for (const item of value) {
      if (attributes.length >= NFT_ATTRIBUTES_MAX) break;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
      const entry = item as Record<string, unknown>;
      const text = textOf(own(entry, 'value'));
      if (text === undefined) continue;
      const trait = textOf(own(entry, 'trait_type') ?? own(entry, 'trait')) ?? '';
      attributes.push({ trait, value: text });
    }
    return attributes;
  }
  // An older form some collections use: { "Eyes": "Blue", … }
  if (typeof value === 'object' && value !== null) {
    for (const [key, raw] of Object.entries(value)) {
      if (attributes.length >= NFT_ATTRIBUTES_MAX) break;
      const text = textOf(raw);
      if (text === undefined) continue;
      attributes.push({ trait: key.trim(), value: text });
    }
  }
  return attributes;
}

/** Any JSON value as trimmed text (objects as compact JSON); undefined when empty. */
function textOf(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'object' && value !== null) text = JSON.stringify(value);
  else return undefined;
  text = text.trim();
  return text === '' ? undefined : text;
}

/**
 * Reads the metadata a `tokenURI` / `uri` points to. data: JSON is decoded locally; IPFS and web
 * links are fetched only when `resolveMediaUri` allows it, with a time limit (10 s by default) and
 * a 256 KB size cap, sending no cookies and no referrer. Anything Cairn will not load comes back
 * as `{ blocked: reason }` without a request.
 *
 * Errors: ASSET_NFT_METADATA when the data cannot be decoded, the server cannot be reached,
 * answers with an error, is too slow, sends too much, or sends something that is not a JSON object.
 */
export async function readNftMetadata(
  uri: string,
  settings: MediaSettings,
  fetch: MetadataFetch = (url, init) => globalThis.fetch(url, init),
  options: { timeoutMs?: number } = {},
): Promise<{ metadata: NftMetadata } | { blocked: string }> {
  const link = uri.trim();
  if (link.slice(0, 5).toLowerCase() === 'data:') return { metadata: parseNftMetadataJson(decodeJsonDataUri(link)) };
  const source = resolveMediaUri(link, settings);
  if (source.kind === 'blocked') return { blocked: source.reason };
  if (source.kind === 'data') throw notJsonData(dataMediaType(link));
  const text = await fetchText(source.url, fetch, options.timeoutMs ?? NFT_METADATA_TIMEOUT_MS);
  return { metadata: parseNftMetadataJson(text) };
}

function notJsonData(mediaType: string | undefined): AssetError {
  return new AssetError(
    'ASSET_NFT_METADATA',
    `The details of this NFT are embedded as ${mediaType ?? 'unknown data'} instead of JSON, so Cairn cannot read them.`,
  );
}

/** The text of a data:application/json URI: base64, or percent-encoded (raw text tolerated). */
function decodeJsonDataUri(link: string): string {
  const comma = link.indexOf(',');
  const header = comma < 0 ? '' : link.slice('data:'.length, comma);
  const parts = header.split(';').map((part) => part.trim().toLowerCase());
  const mediaType = parts[0] === '' ? 'text/plain' : parts[0];
  if (comma < 0 || mediaType !== 'application/json') throw notJsonData(comma < 0 ? undefined : mediaType);
  const payload = link.slice(comma + 1);
  if (parts.at(-1) === 'base64') {
    let binary: string;
    try {
      binary = atob(payload.replace(/%2B/gi, '+').replace(/%2F/gi, '/').replace(/%3D/gi, '='));
    } catch (error) {
      throw new AssetError(
        'ASSET_NFT_METADATA',
        'The details of this NFT are damaged (invalid base64), so Cairn cannot read them.',
        {
          details: toSafeDetails(error),
          cause: error,
        },
      );
    }
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  }
  try {
    return decodeURIComponent(payload);
  } catch {
    // Many contracts embed raw JSON (with a literal '%' in a name, say) without percent-encoding it.
    return payload;
  }
}

function describeDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** GET `url` as text within `timeoutMs` and the size cap; every failure is an AssetError with a sentence. */
async function fetchText(url: string, fetch: MetadataFetch, timeoutMs: number): Promise<string> {
  const host = new URL(url).host;
  const controller = new AbortController();
  const timeoutError = () =>
    new AssetError(
      'ASSET_NFT_METADATA',
      `${host} did not answer within ${describeDuration(timeoutMs)}, so the details of this NFT were not loaded.`,
    );
  const tooLarge = () =>
    new AssetError(
      'ASSET_NFT_METADATA',
      `The details of this NFT from ${host} are larger than ${NFT_METADATA_MAX_BYTES / 1024} KB, so Cairn did not read them.`,
    );
  // Standard RequestInit options beyond the signal: no cookies and no Referer go to the gateway or host.
  const init = { signal: controller.signal, credentials: 'omit', referrerPolicy: 'no-referrer' } as const;

  const download = async (): Promise<string> => {
    let response: MetadataResponse;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (controller.signal.aborted) throw timeoutError();
      throw new AssetError(
        'ASSET_NFT_METADATA',
        `Cairn could not read the details of this NFT from ${host}: the server is unreachable or does not accept requests from Cairn.`,
        { details: toSafeDetails(error), cause: error },
      );
    }
    if (!response.ok) {
      throw new AssetError(
        'ASSET_NFT_METADATA',
        `${host} answered with status ${response.status} instead of the details of this NFT.`,
      );
    }
    const declared = response.headers.get('content-length')?.trim();
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > NFT_METADATA_MAX_BYTES) throw tooLarge();
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) throw timeoutError();
      throw new AssetError(
        'ASSET_NFT_METADATA',
        `The answer from ${host} was cut off before the details of this NFT arrived.`,
        {
          details: toSafeDetails(error),
          cause: error,
        },
      );
    }
    if (text.length > NFT_METADATA_MAX_BYTES) throw tooLarge();
    return text;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  // Races the download too, so a fetch that ignores its signal still cannot hang the caller.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timeoutError());
    }, timeoutMs);
  });
  try {
    return await Promise.race([download(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The metadata URI of an ERC-1155 token: every `{id}` in the contract's `uri` template replaced
 * by the id as 64 lowercase hex digits, zero-padded, without 0x (EIP-1155 "Metadata").
 * Throws RangeError for an id outside uint256 (never the case for an id read from the chain).
 */
export function erc1155Uri(template: string, tokenId: bigint): string {
  if (tokenId < 0n || tokenId >= 1n << 256n) throw new RangeError('An ERC-1155 token id is a uint256.');
  return template.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}
