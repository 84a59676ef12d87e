import { monogramLetter, monogramTone } from '@/core/assets/icons/monogram';
import { type TokenRef, tokenIconName } from '@/core/assets/icons/tokenIcon';
import { type AssetIconSize, IconImage, Monogram } from './AssetIcon';
import { tokenIconUrl } from './assetIcons/tokenIconUrls';

/**
 * A native coin's or token's icon: the bundled one for the coins and listed tokens of the
 * local chain and the presets (by chain id and address, never by symbol, which anyone can copy),
 * otherwise a monogram of its symbol in a colour taken from its address. Decorative: the symbol
 * is always shown beside it.
 */
export function TokenIcon({
  chainId,
  token,
  symbol,
  size = 'sm',
}: {
  chainId: number;
  token: TokenRef;
  /** The token's own symbol (untrusted text): only its first visible letter or digit is used. */
  symbol: string;
  size?: AssetIconSize;
}) {
  const name = tokenIconName(chainId, token);
  const src = name && tokenIconUrl(name);
  if (name && src) return <IconImage src={src} name={name} size={size} />;
  const tone = monogramTone(token === 'native' ? `native:${chainId}` : token);
  return <Monogram letter={monogramLetter(symbol)} tone={tone} size={size} />;
}
