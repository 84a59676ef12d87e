import { queryOptions } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { chainClient } from '@/core/chain/client';
import { feeFamilyOf } from '@/core/chain/feeFamily';
import { readFeeMarket } from '@/core/chain/fees';
import { headPollIntervalMs, type Network } from '@/core/chain/networks';
import { readReceiptSummary } from '@/core/chain/receipts';
import { nodePendingNonce } from '@/core/tx/nonces';
import { chainKeys } from './chainQueries';

export const txKeys = {
  feeMarket: (network: Network) => [...chainKeys.network(network), 'fee-market'] as const,
  pendingNonce: (network: Network, address: Address, block: bigint | undefined, activeNonces: string) =>
    [...chainKeys.network(network), 'pending-nonce', address.toLowerCase(), block?.toString(), activeNonces] as const,
  receipt: (network: Network, hash: Hex) => [...chainKeys.network(network), 'receipt', hash.toLowerCase()] as const,
};

/**
 * Fee levels from the node's recent blocks, refreshed about every block; by the network's fee
 * family (no tip on Arbitrum), read from the chain once for a network stored without one.
 */
export function feeMarketQuery(network: Network) {
  return queryOptions({
    queryKey: txKeys.feeMarket(network),
    queryFn: async () => {
      const family = await feeFamilyOf(network).catch(() => network.feeFamily);
      return readFeeMarket(chainClient(network), family);
    },
    refetchInterval: 12_000,
    retry: false,
  });
}

/**
 * The node's count of the account's transactions, pending ones included (read again at each
 * block while the account has pending transactions of its own, to spot nonce gaps).
 */
export function pendingNonceQuery(network: Network, address: Address, block: bigint | undefined, activeNonces: string) {
  return queryOptions({
    queryKey: txKeys.pendingNonce(network, address, block, activeNonces),
    queryFn: () => nodePendingNonce(chainClient(network), address),
    enabled: activeNonces !== '',
  });
}

/** A sent transaction's receipt (null until mined), polled about once per block until it is mined. */
export function receiptQuery(network: Network, hash: Hex) {
  return queryOptions({
    queryKey: txKeys.receipt(network, hash),
    queryFn: () =>
      readReceiptSummary(chainClient(network), hash, network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined),
    retry: false,
    // Keep polling through node failures too.
    refetchInterval: (query) => (query.state.data ? false : headPollIntervalMs(network)),
  });
}
