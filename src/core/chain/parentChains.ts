import type { Network } from './networks';

/**
 * Rollups that settle on Ethereum (or on Sepolia, for their testnets), by chain id: the chain
 * whose ETH their ETH is (bridged in and out one to one), whose prices they fall back to. From
 * viem's `sourceId` (OP Mainnet, Base, Scroll, Linea, zkSync Era's rollup contracts on L1, and
 * their Sepolia testnets) and Arbitrum's docs (Arbitrum One and Nova settle on Ethereum, Arbitrum
 * Sepolia on Sepolia), for which viem names no source.
 *
 * A preset's entry carries its own `parentChainId` (generated from viem), which always wins; this
 * table is how a network added by URL on one of these chain ids is known to settle elsewhere, as
 * it gets the chain id's token list.
 */
export const KNOWN_PARENT_CHAIN_IDS: Readonly<Record<number, number>> = {
  10: 1, // OP Mainnet
  8453: 1, // Base
  42161: 1, // Arbitrum One
  42170: 1, // Arbitrum Nova
  534352: 1, // Scroll
  59144: 1, // Linea
  324: 1, // zkSync Era
  11155420: 11155111, // OP Sepolia
  84532: 11155111, // Base Sepolia
  421614: 11155111, // Arbitrum Sepolia
  534351: 11155111, // Scroll Sepolia
  59141: 11155111, // Linea Sepolia
  300: 11155111, // zkSync Sepolia
};

/** A network as the parent rule reads it: its chain id, and its own parent when its entry names one. */
export type ParentedNetwork = Pick<Network, 'chainId'> & { parentChainId?: number | undefined };

/** The chain a network settles on (its own value first, else the known table), or undefined for an L1. */
export function parentChainIdOf(network: ParentedNetwork): number | undefined {
  return network.parentChainId ?? KNOWN_PARENT_CHAIN_IDS[network.chainId];
}

/** Among `networks`, the one `network` settles on (the first with its parent's chain id), if any. */
export function parentAmong<N extends Pick<Network, 'chainId'>>(
  network: ParentedNetwork,
  networks: readonly N[],
): N | undefined {
  const parent = parentChainIdOf(network);
  return parent === undefined || parent === network.chainId ? undefined : networks.find((n) => n.chainId === parent);
}

/** The chain at the root of a network's family: its parent's root, or itself (an L1). */
export function rootChainIdOf(network: ParentedNetwork): number {
  const parent = parentChainIdOf(network);
  return parent === undefined || parent === network.chainId ? network.chainId : parent;
}
