import type { Network } from '@/core/chain/networks';
import { chainKeys } from './chainQueries';

/**
 * Keys of what is read from Cairn's own storage (synced history, transaction records) and of NFT
 * media. Each family has a root, invalidated as a whole when its store changes, followed by the
 * network's key like every chain read.
 */
export const activityKeys = {
  all: ['activity'] as const,
  account: (network: Network, account: string | undefined) =>
    [...activityKeys.all, ...chainKeys.network(network), account?.toLowerCase()] as const,
  dealings: (network: Network, address: string, accountCount: number) =>
    [...activityKeys.all, ...chainKeys.network(network), 'with', address.toLowerCase(), accountCount] as const,
  /** The approval events found for the account (scanned with its history), as stored. */
  approvalEvents: (network: Network, account: string | undefined) =>
    [...activityKeys.all, ...chainKeys.network(network), account?.toLowerCase(), 'approval-events'] as const,
  /** NFTs held now: their ownership is read from the chain, after each sync. */
  nfts: (network: Network, account: string | undefined, itemCount: number | undefined) =>
    [...activityKeys.all, ...chainKeys.network(network), account?.toLowerCase(), 'nfts', itemCount] as const,
};

export const recordKeys = {
  all: ['tx-records'] as const,
  account: (network: Network, address: string | undefined) =>
    [...recordKeys.all, ...chainKeys.network(network), address?.toLowerCase()] as const,
  network: (network: Network) => [...recordKeys.all, ...chainKeys.network(network), 'all'] as const,
  damaged: () => [...recordKeys.all, 'damaged'] as const,
};

export const nftMediaKeys = {
  metadata: (uri: string | undefined, settings: unknown) => ['nft-metadata', uri, settings] as const,
  image: (url: string | undefined) => ['nft-image', url] as const,
};
