import { AssetError } from '../errors/assets';
import { toSafeDetails } from '../errors/base';
import { type Message, msg } from '../i18n/message';

/** The parts of an NFT's metadata JSON that Cairn shows; every text in it is untrusted. */
export type NftMetadata = {
  name: string | undefined;
  description: string | undefined;
  /** The raw image URI from the metadata: pass it through `resolveMediaUri` before use. */
  image: string | undefined;
  attributes: { trait: string; value: string }[];
};

export const NFT_ATTRIBUTES_MAX = 50;

/** An ASSET_NFT_METADATA error; a caught `cause` is kept, with its first line (secrets masked) as details. */
export function nftMetadataError(sentence: Message, options: { cause?: unknown } = {}): AssetError {
  return new AssetError(
    'ASSET_NFT_METADATA',
    sentence,
    'cause' in options ? { details: toSafeDetails(options.cause), cause: options.cause } : {},
  );
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
    throw nftMetadataError(msg('core.chain:nft.metadata.notJson'), { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw nftMetadataError(msg('core.chain:nft.metadata.notObject'));
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
