import { isLocalPlainUrl } from '../chain/plainHttp';
import { codeValue, type Message, type MessageValue, msg } from '../i18n/message';

/**
 * NFT metadata and media links, resolved without contacting anyone the person has not chosen.
 *
 * A token's `tokenURI` / `uri` and the `image` inside its metadata are links chosen by whoever
 * deployed the contract. Cairn loads them only through what the person configured:
 * - `data:` links are read locally (JSON) or shown directly (images of a few safe types);
 * - IPFS links go to the IPFS gateway set in Settings, and nowhere else;
 * - web links (`https://`, or `http://` to this computer) only when loading from the web is on;
 * - everything else (Arweave, IPNS, plain http to other hosts, unknown schemes) is not loaded,
 *   and the person is told why (a Message).
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
  /** Not loaded: why and, where possible, how to enable it. */
  | { kind: 'blocked'; reason: Message };

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

const IPFS_NO_GATEWAY = msg('core.chain:nft.link.ipfsNoGateway');
const IPFS_BAD_GATEWAY = msg('core.chain:nft.link.ipfsBadGateway');
const IPFS_BAD_LINK = msg('core.chain:nft.link.ipfsBadLink');

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
  if (link === '') return blocked(msg('core.chain:nft.link.empty'));
  const head = link.slice(0, 8).toLowerCase();
  if (head.startsWith('data:')) {
    return isSafeImageDataUri(link)
      ? { kind: 'data', url: link }
      : blocked(msg('core.chain:nft.link.embedded', { mediaType: mediaTypeValue(dataMediaType(link)) }));
  }
  if (link.length > MAX_LINK_LENGTH) return blocked(msg('core.chain:nft.link.tooLong'));
  if (head.startsWith('ipfs://')) return viaGateway(link.slice('ipfs://'.length), settings);
  if (head.startsWith('/ipfs/')) return viaGateway(link.slice('/ipfs/'.length), settings);
  if (BARE_CID.test(link)) return viaGateway(link, settings);
  if (head.startsWith('ipns://')) return blocked(msg('core.chain:nft.link.ipns'));
  if (head.startsWith('ar://')) return blocked(msg('core.chain:nft.link.arweave'));
  const scheme = /^([a-z][a-z0-9+.-]{0,19}):/i.exec(link)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http') return viaWeb(link, settings);
  if (scheme === undefined) return blocked(msg('core.chain:nft.link.notAddress'));
  return blocked(msg('core.chain:nft.link.scheme', { scheme: codeValue(`${scheme}:`) }));
}

function blocked(reason: Message): MediaSource {
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
    return blocked(msg('core.chain:nft.link.notWeb'));
  }
  if (url.username !== '' || url.password !== '') {
    return blocked(msg('core.chain:nft.link.credentials'));
  }
  if (url.protocol === 'http:' && !isLocalHttp(url)) {
    return blocked(msg('core.chain:nft.link.plainHttp', { host: codeValue(url.hostname) }));
  }
  if (!settings.allowWeb) {
    return blocked(msg('core.chain:nft.link.webOff', { host: codeValue(url.hostname) }));
  }
  return { kind: 'fetch', url: url.href };
}

/** The gateway prefix ending in exactly one slash, or why it cannot be used. */
function gatewayBase(gateway: string | undefined): { base: string } | { reason: Message } {
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

/** A media type in a message: as written (`image/svg+xml`), or "unknown data" when there is none. */
export function mediaTypeValue(mediaType: string | undefined): MessageValue {
  return mediaType === undefined ? msg('core.chain:unknownData') : codeValue(mediaType);
}

/** The media type named by a data: URI, if it looks like one (for messages only). */
export function dataMediaType(link: string): string | undefined {
  const type = /^data:([a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60})?[;,]/i.exec(link);
  if (!type) return undefined;
  return type[1]?.toLowerCase() ?? 'text/plain';
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
