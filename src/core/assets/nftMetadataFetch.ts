import type { AssetError } from '../errors/assets';
import { codeValue, type Message, msg } from '../i18n/message';
import { sameWord } from '../text/sameWord';
import { dataMediaType, type MediaSettings, mediaTypeValue, resolveMediaUri } from './nftLinks';
import { type NftMetadata, nftMetadataError, parseNftMetadataJson } from './nftMetadata';

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
): Promise<{ metadata: NftMetadata } | { blocked: Message }> {
  const link = uri.trim();
  if (sameWord(link.slice(0, 5), 'data:')) return { metadata: parseNftMetadataJson(decodeJsonDataUri(link)) };
  const source = resolveMediaUri(link, settings);
  if (source.kind === 'blocked') return { blocked: source.reason };
  if (source.kind === 'data') throw notJsonData(dataMediaType(link));
  const text = await fetchText(source.url, fetch, options.timeoutMs ?? NFT_METADATA_TIMEOUT_MS);
  return { metadata: parseNftMetadataJson(text) };
}

function notJsonData(mediaType: string | undefined): AssetError {
  return nftMetadataError(msg('core.chain:nft.metadata.embedded', { mediaType: mediaTypeValue(mediaType) }));
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
      throw nftMetadataError(msg('core.chain:nft.metadata.badBase64'), {
        cause: error,
      });
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

/** "did not answer within …": in milliseconds below a second, else in whole seconds. */
function timedOut(host: string, ms: number): Message {
  return ms < 1000
    ? msg('core.chain:nft.metadata.timeoutMs', { host: codeValue(host), ms })
    : msg('core.chain:nft.metadata.timeoutSeconds', { host: codeValue(host), seconds: Math.round(ms / 1000) });
}

/** GET `url` as text within `timeoutMs` and the size cap; every failure is an AssetError with a sentence. */
async function fetchText(url: string, fetch: MetadataFetch, timeoutMs: number): Promise<string> {
  const host = new URL(url).host;
  const controller = new AbortController();
  const timeoutError = () => nftMetadataError(timedOut(host, timeoutMs));
  const tooLarge = () =>
    nftMetadataError(
      msg('core.chain:nft.metadata.tooLarge', { host: codeValue(host), size: NFT_METADATA_MAX_BYTES / 1024 }),
    );
  // Standard RequestInit options beyond the signal: no cookies and no Referer go to the gateway or host.
  const init = { signal: controller.signal, credentials: 'omit', referrerPolicy: 'no-referrer' } as const;

  const download = async (): Promise<string> => {
    let response: MetadataResponse;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (controller.signal.aborted) throw timeoutError();
      throw nftMetadataError(msg('core.chain:nft.metadata.unreachable', { host: codeValue(host) }), { cause: error });
    }
    if (!response.ok) {
      throw nftMetadataError(
        msg('core.chain:nft.metadata.status', { host: codeValue(host), status: String(response.status) }),
      );
    }
    const declared = response.headers.get('content-length')?.trim();
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > NFT_METADATA_MAX_BYTES) throw tooLarge();
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) throw timeoutError();
      throw nftMetadataError(msg('core.chain:nft.metadata.cutOff', { host: codeValue(host) }), {
        cause: error,
      });
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
