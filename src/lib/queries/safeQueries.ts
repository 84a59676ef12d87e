import { queryOptions } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { onChainApprovals } from '@/core/safe/confirmations';
import { readSafe } from '@/core/safe/readSafe';
import type { CallRequest } from '@/core/tx/transfer';
import { chainKeys } from './chainQueries';

export const safeKeys = {
  all: (network: Network) => [...chainKeys.network(network), 'safe'] as const,
  /** Per block: owners, threshold and nonce can change with any block. */
  state: (network: Network, safe: Address, block: bigint | undefined, allowUnknown: boolean) =>
    [...safeKeys.all(network), safe.toLowerCase(), 'state', String(block ?? ''), allowUnknown] as const,
  /** A proposal of these calls at the Safe's nonce, past the kept ones (their count). */
  proposal: (network: Network, safe: Address, calls: readonly CallRequest[], nonce: bigint | undefined, kept: number) =>
    [
      ...safeKeys.all(network),
      safe.toLowerCase(),
      'proposal',
      calls.map((c) => `${c.to.toLowerCase()}:${c.value}:${c.data}`).join(' '),
      String(nonce ?? ''),
      kept,
    ] as const,
  approvals: (network: Network, safe: Address, hash: Hex, block: bigint | undefined) =>
    [...safeKeys.all(network), safe.toLowerCase(), 'approvals', hash.toLowerCase(), String(block ?? '')] as const,
};

/**
 * A Safe as its node says it is now (owners, threshold, nonce, version: readSafe, two round
 * trips), read again at each new block asked for. `allowUnknown`: the person added it through the
 * advanced choice.
 */
export function safeStateQuery(network: Network, safe: Address, block: bigint | undefined, allowUnknown = false) {
  return queryOptions({
    queryKey: safeKeys.state(network, safe, block, allowUnknown),
    queryFn: () => readSafe(chainClient(network), network.chainId, safe, { allowUnknown }),
    staleTime: block === undefined ? 30_000 : Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/** Which owners approved `hash` on-chain (approveHash), at the block asked for: one batch of eth_calls. */
export function safeApprovalsQuery(
  network: Network,
  safe: Address,
  hash: Hex,
  owners: readonly Address[],
  block: bigint | undefined,
) {
  return queryOptions({
    queryKey: safeKeys.approvals(network, safe, hash, block),
    queryFn: () => onChainApprovals(chainClient(network), safe, hash, owners),
    staleTime: block === undefined ? 15_000 : Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
