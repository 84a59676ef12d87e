// Which bundled icon a native coin or token shows: by chain id for native coins, by chain id and
// contract address for the tokens of the bundled lists (never by symbol, which anyone can copy).
// Anything else has none and shows a monogram (monogram.ts). The table is written by
// `npm run generate:icons`; the icon files are in src/components/assetIcons/.
import { LISTED_TOKEN_ICONS, NATIVE_COIN_ICONS, type TokenIconName } from './tokenIcons.generated';

export type { TokenIconName };

/** A network's native coin, or a token by its contract address (any letter case). */
export type TokenRef = 'native' | string;

/** The bundled icon of a native coin or a listed token on this chain, or undefined. */
export function tokenIconName(chainId: number, token: TokenRef): TokenIconName | undefined {
  if (token === 'native') return Object.hasOwn(NATIVE_COIN_ICONS, chainId) ? NATIVE_COIN_ICONS[chainId] : undefined;
  const key = `${chainId}:${token.toLowerCase()}`;
  return Object.hasOwn(LISTED_TOKEN_ICONS, key) ? LISTED_TOKEN_ICONS[key] : undefined;
}
