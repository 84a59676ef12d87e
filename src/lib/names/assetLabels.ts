import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ActivityAsset } from '@/core/activity/item';
import { listedTokens } from '@/core/assets/catalogue';
import type { TokenInfo } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { useT } from '../i18n';
import { contractLabelsQuery } from '../queries/explorerQueries';
import { useSession } from '../stores/session';

/** How an asset is named and scaled on screen and in exports. */
export type AssetLabel = {
  symbol: string;
  decimals: number;
  /** Collection or token name, when known. */
  name: string | undefined;
  /** The contract, empty for the native coin. */
  contract: string;
  /** In the bundled list or added by the person (as opposed to merely seen in history). */
  known: boolean;
};

const EMPTY: TokenInfo[] = [];

/**
 * Labels for the assets of a list: the network's coin, listed and added tokens from what Cairn
 * knows, and any other contract from its own name/symbol/decimals (one batched read, cached).
 */
export function useAssetLabels(
  network: Network,
  assets: readonly ActivityAsset[],
): (asset: ActivityAsset) => AssetLabel {
  const t = useT();
  const unnamedTokens = t('common:asset.unnamedTokens');
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const knownTokens = useMemo(() => {
    const map = new Map<string, TokenInfo>();
    for (const token of [...listedTokens(network), ...custom]) map.set(token.address.toLowerCase(), token);
    return map;
  }, [network, custom]);
  const unknown = useMemo(() => {
    const set = new Set<string>();
    for (const asset of assets)
      if (asset.kind !== 'native' && !knownTokens.has(asset.address.toLowerCase())) set.add(asset.address);
    return [...set].sort();
  }, [assets, knownTokens]);
  const { data: labels } = useQuery(contractLabelsQuery(network, unknown));
  // The same function until what it answers from changes: a list across networks reports each
  // network's labels up, and a new function at every render would report them again and again.
  return useMemo(
    () =>
      (asset: ActivityAsset): AssetLabel => {
        if (asset.kind === 'native') {
          const { symbol, decimals, name } = network.nativeCurrency;
          return { symbol, decimals, name, contract: '', known: true };
        }
        const key = asset.address.toLowerCase();
        const token = knownTokens.get(key);
        if (token)
          return {
            symbol: token.symbol,
            decimals: token.decimals,
            name: token.name,
            contract: asset.address,
            known: true,
          };
        const label = labels?.get(key);
        // A contract that names no symbol: its amounts read "12 tokens"; an NFT is an NFT in every language.
        const fallback = asset.kind === 'erc20' ? unnamedTokens : 'NFT';
        const nft = asset.kind !== 'erc20';
        return {
          symbol: label?.symbol ?? fallback,
          decimals: nft ? 0 : (label?.decimals ?? 0),
          name: label?.name,
          contract: asset.address,
          known: false,
        };
      },
    [network, knownTokens, labels, unnamedTokens],
  );
}
