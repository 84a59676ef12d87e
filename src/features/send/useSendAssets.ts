import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { FeedAnswer } from '@/core/assets/portfolio';
import type { Network } from '@/core/chain/networks';
import type { Asset } from '@/core/tx/transfer';
import { type FungibleAsset, useFungibleAssets } from '@/lib/portfolio/useFungibleAssets';
import { useAccountItems } from '@/lib/queries/activityQueries';
import { heldNftsQuery } from '@/lib/queries/nftQueries';

/** An asset Send offers; a coin's or token's balance as every figure takes it (useFungibleAssets). */
export type SendableAsset = { key: string; asset: Asset; balance: bigint | undefined } & Partial<
  Pick<FungibleAsset, 'proven' | 'mark'>
>;

/** The form's key for an asset: 'native', a token address, or `${contract}:${tokenId}` for an NFT (lower case). */
export function sendAssetKey(asset: Asset): string {
  if (asset.kind === 'native') return 'native';
  if (asset.kind === 'nft') return `${asset.address.toLowerCase()}:${asset.tokenId}`;
  return asset.address.toLowerCase();
}

/**
 * What the account can send on this network — the native coin, its listed and added tokens and
 * its NFTs — with balances and prices from one portfolio read.
 */
export function useSendAssets(network: Network, from: Address | undefined, selectedKey: string) {
  const fungible = useFungibleAssets(network, from);
  const items = useAccountItems(network, from);
  const nfts = useQuery(heldNftsQuery(network, from, items.data));
  const assets: SendableAsset[] = [
    ...fungible.assets,
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
  const priced = found ? fungible.priceOf(selected.key) : undefined;
  const price: FeedAnswer | undefined = priced?.price;
  /** Whether that price is an L2's parent network's, standing in while its sequencer is not up. */
  const priceFromParent = priced?.from === 'parent';
  const nativePrice: FeedAnswer | undefined = fungible.priceOf('native')?.price;
  // A send takes no more than a proven balance where a check has one apart from the node's claim.
  const proven = {
    native: fungible.assets[0]?.proven,
    token: selected.asset.kind === 'token' ? selected.proven : undefined,
  };
  return { assets, asset: selected.asset, balance: selected.balance, price, priceFromParent, nativePrice, proven };
}
