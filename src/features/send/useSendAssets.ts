import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { portfolioTokens, priceFeedsFor } from '@/core/assets/catalogue';
import type { FeedAnswer } from '@/core/assets/portfolio';
import type { Network } from '@/core/chain/networks';
import type { Asset } from '@/core/tx/transfer';
import { useAccountItems } from '@/lib/queries/activityQueries';
import { heldNftsQuery } from '@/lib/queries/nftQueries';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { useSession } from '@/lib/session';

const EMPTY: never[] = [];

export type SendableAsset = { key: string; asset: Asset; balance: bigint | undefined };

/** The form's key for an asset: 'native', a token address, or `${contract}:${tokenId}` for an NFT (lower case). */
export function sendAssetKey(asset: Asset): string {
  if (asset.kind === 'native') return 'native';
  if (asset.kind === 'nft') return `${asset.address.toLowerCase()}:${asset.tokenId}`;
  return asset.address.toLowerCase();
}

/**
 * What the account can send on this network — the native coin and its listed and added tokens —
 * with balances and prices from one portfolio read.
 */
export function useSendAssets(network: Network, from: Address | undefined, selectedKey: string) {
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const tokens = useMemo(() => portfolioTokens(network, custom, [], hidden), [network, custom, hidden]);
  const request = useMemo(
    () => ({ accounts: from ? [from] : [], tokens: tokens.map((t) => t.address), feeds: priceFeedsFor(network) }),
    [from, tokens, network],
  );
  const { data } = useQuery(portfolioQuery(network, request));
  const items = useAccountItems(network, from);
  const nfts = useQuery(heldNftsQuery(network, from, items.data));
  const key = from?.toLowerCase() ?? '';
  const assets: SendableAsset[] = [
    {
      key: 'native',
      asset: { kind: 'native', symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals },
      balance: data?.native.get(key),
    },
    ...tokens.map((t) => ({
      key: t.address.toLowerCase(),
      asset: { kind: 'token' as const, address: t.address, symbol: t.symbol, decimals: t.decimals },
      balance: data?.tokens.get(key)?.get(t.address.toLowerCase()),
    })),
    ...(nfts.data ?? []).map((nft) => ({
      key: `${nft.contract.toLowerCase()}:${nft.tokenId}`, // as sendAssetKey
      asset: {
        kind: 'nft' as const,
        standard: nft.standard,
        address: nft.contract,
        tokenId: nft.tokenId,
        symbol: nft.collection ?? 'NFT',
        decimals: 0 as const,
      },
      balance: nft.balance,
    })),
  ];
  const found = assets.find((a) => a.key === selectedKey);
  const selected = found ?? (assets[0] as SendableAsset);
  // A price only for the asset asked for: never the native coin's for something not (yet) listed.
  const price: FeedAnswer | undefined = found ? data?.prices.get(selected.key) : undefined;
  const nativePrice: FeedAnswer | undefined = data?.prices.get('native');
  return { assets, asset: selected.asset, balance: selected.balance, price, nativePrice };
}
