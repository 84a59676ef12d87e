import { queryOptions } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { waitForCallsReceipt } from '@/core/chain/receipts';
import { outcomeAfterNonce, outcomeInLogs } from '@/core/safe/safeOutcome';
import { safeKeys } from './safeQueries';

/** How long the receipt of an execution already mined is waited for (it is there at once). */
const RECEIPT_WAIT_MS = 60_000;

export const safeOutcomeKeys = {
  /** What became of a kept transaction once the Safe's nonce passed its own. */
  afterNonce: (network: Network, safe: Address, hash: Hex) =>
    [...safeKeys.all(network), safe.toLowerCase(), 'outcome', hash.toLowerCase()] as const,
  /** What an execution Cairn sent says in its logs. */
  execution: (network: Network, safe: Address, hash: Hex, txHash: Hex) =>
    [...safeKeys.all(network), safe.toLowerCase(), 'execution', hash.toLowerCase(), txHash.toLowerCase()] as const,
};

/**
 * Where a kept Safe transaction stands once the Safe's nonce has passed its own: executed, failed
 * or replaced (outcomeAfterNonce, the Safe's logs from `from`, the head when Cairn kept it, up to
 * `head`). Asked once: the answer stands. A node that cannot say fails the query, and the
 * transaction stays undecided.
 */
export function safeOutcomeQuery(network: Network, safe: Address, hash: Hex, from: bigint, head: bigint) {
  return queryOptions({
    queryKey: safeOutcomeKeys.afterNonce(network, safe, hash),
    queryFn: () => outcomeAfterNonce(chainClient(network), { safe, hash, from, head }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * What the execution `txHash` (mined) did to the Safe transaction `hash`: its receipt's logs read
 * for ExecutionSuccess or ExecutionFailure, or 'none' when they hold neither.
 */
export function safeExecutionQuery(network: Network, safe: Address, hash: Hex, txHash: Hex) {
  return queryOptions({
    queryKey: safeOutcomeKeys.execution(network, safe, hash, txHash),
    queryFn: async () => {
      const receipt = await waitForCallsReceipt(chainClient(network), txHash, RECEIPT_WAIT_MS);
      return outcomeInLogs(receipt.logs, safe, hash) ?? ('none' as const);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
