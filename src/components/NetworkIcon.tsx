import { monogramLetter, monogramTone } from '@/core/assets/icons/monogram';
import { networkIconName } from '@/core/assets/icons/networkIcon';
import type { Network } from '@/core/chain/networks';
import { IconImage, Monogram } from './AssetIcon';
import { networkIconUrl } from './assetIcons/networkIconUrls';

/**
 * A network's mark: the bundled icon of the local chain or a preset (by chain id), a monogram of
 * its name for a network the person added. Decorative: the name is always beside it.
 */
export function NetworkIcon({ network }: { network: Network }) {
  const name = networkIconName(network);
  const src = name && networkIconUrl(name);
  if (name && src) return <IconImage src={src} name={name} size="sm" />;
  return <Monogram letter={monogramLetter(network.name)} tone={monogramTone(`network:${network.id}`)} size="sm" />;
}
