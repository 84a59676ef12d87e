import type { Address } from 'viem';
import { getTransactionCount } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { isActive, type TxRecord } from './record';

/** The lock every nonce choice for one account on one chain goes through. */
export function nonceLockName(chainId: number, from: Address): string {
  return `cairn-nonce:${chainId}:${from.toLowerCase()}`;
}

/**
 * The next nonce: the larger of the node's pending count and one past Cairn's own signed or
 * pending records (which the node may not know yet, or may have dropped).
 */
export async function nextNonce(client: ChainClient, from: Address, records: readonly TxRecord[]): Promise<number> {
  let pending: number;
  try {
    pending = await getTransactionCount(client, { address: from, blockTag: 'pending' });
  } catch (error) {
    throw toChainError(error);
  }
  const ours = records.filter(isActive).map((r) => r.nonce + 1);
  return Math.max(pending, ...ours);
}

/**
 * Nonces missing below Cairn's pending transactions: with the account's confirmed nonce at 5
 * and pending records at 6 and 7, nonce 5 is a gap and nothing after it can be mined until it
 * is filled.
 */
export function nonceGaps(confirmedNonce: number, records: readonly TxRecord[]): number[] {
  const active = new Set(records.filter(isActive).map((r) => r.nonce));
  if (active.size === 0) return [];
  const highest = Math.max(...active);
  const gaps: number[] = [];
  for (let nonce = confirmedNonce; nonce < highest; nonce++) if (!active.has(nonce)) gaps.push(nonce);
  return gaps;
}
