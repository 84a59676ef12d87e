import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchNftImage } from '@/core/assets/nftImage';
import { resolveMediaUri } from '@/core/assets/nftLinks';
import type { NftMetadata } from '@/core/assets/nftMetadata';
import { readNftMetadata } from '@/core/assets/nftMetadataFetch';
import { translate, useT } from '../i18n';
import { errorText } from '../i18n/errorMessages';
import { nftMediaKeys } from '../queries/localKeys';
import { useSession } from '../stores/session';

/** What to show for an NFT's image; a reason is in words, in the language shown. */
export type NftImage =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; src: string }
  | { kind: 'blocked'; reason: string }
  | { kind: 'error'; reason: string };

/**
 * An NFT's details and image, from its metadata URI, loaded only from sources the person allowed
 * (data: always; an IPFS gateway and the web if set in Settings). A fetched image becomes a blob:
 * URL, so no remote address is ever handed to <img>, and only once its first bytes show a raster
 * picture, typed by those bytes (`fetchNftImage`): never an SVG or HTML document on Cairn's origin.
 */
export function useNftMedia(metadataUri: string | undefined): {
  metadata: NftMetadata | undefined;
  image: NftImage;
  blocked?: string;
} {
  useT();
  const settings = useSession((s) => s.nftMedia);
  const metadata = useQuery({
    queryKey: nftMediaKeys.metadata(metadataUri, settings),
    queryFn: () => readNftMetadata(metadataUri ?? '', settings),
    enabled: metadataUri !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const details = metadata.data && 'metadata' in metadata.data ? metadata.data.metadata : undefined;
  const source = details?.image ? resolveMediaUri(details.image, settings) : undefined;
  const blob = useQuery({
    queryKey: nftMediaKeys.image(source?.kind === 'fetch' ? source.url : undefined),
    queryFn: ({ signal }) => fetchNftImage((source as { url: string }).url, undefined, { signal }),
    enabled: source?.kind === 'fetch',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const url = URL.createObjectURL(blob.data);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob.data]);

  let image: NftImage = { kind: 'none' };
  if (metadata.isPending && metadataUri) image = { kind: 'loading' };
  else if (metadata.isError) image = { kind: 'error', reason: (metadata.error as Error).message };
  else if (metadata.data && 'blocked' in metadata.data)
    image = { kind: 'blocked', reason: translate(metadata.data.blocked) };
  else if (source?.kind === 'data') image = { kind: 'ready', src: source.url };
  else if (source?.kind === 'blocked') image = { kind: 'blocked', reason: translate(source.reason) };
  else if (source?.kind === 'fetch')
    image = blob.isError
      ? { kind: 'error', reason: errorText(blob.error) }
      : objectUrl
        ? { kind: 'ready', src: objectUrl }
        : { kind: 'loading' };
  return { metadata: details, image };
}
