import type { Address } from 'viem';
import { getTransactionCount } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { TxError } from '../errors/tx';
import { msg } from '../i18n/message';
import { isActive, type TxKind, type TxRecord } from './record';

/** The lock every nonce choice for one account on one chain goes through. */
export function nonceLockName(chainId: number, from: Address): string {
  return `cairn-nonce:${chainId}:${from.toLowerCase()}`;
}

/** The node's count of the account's transactions, the pending ones included. */
export async function nodePendingNonce(client: ChainClient, from: Address): Promise<number> {
  try {
    return await getTransactionCount(client, { address: from, blockTag: 'pending' });
  } catch (error) {
    throw toChainError(error);
  }
}

/**
 * The next nonce: the larger of the node's pending count and one past Cairn's own signed or
 * pending records (which the node may not know yet, or may have dropped).
 */
export function pickNonce(nodePending: number, records: readonly TxRecord[]): number {
  return Math.max(nodePending, ...records.filter(isActive).map((r) => r.nonce + 1));
}

export async function nextNonce(client: ChainClient, from: Address, records: readonly TxRecord[]): Promise<number> {
  return pickNonce(await nodePendingNonce(client, from), records);
}

/**
 * Nonces missing below Cairn's pending transactions, which nothing after them can pass. The
 * node's pending nonce is the lower bound: everything under it is mined or waiting in the node
 * (perhaps sent by another wallet), so it is not a gap. With the node at 5 and Cairn's records
 * at 6 and 7, nonce 5 is a gap.
 */
export function nonceGaps(nodePendingNonce: number, records: readonly TxRecord[]): number[] {
  const active = new Set(records.filter(isActive).map((r) => r.nonce));
  if (active.size === 0) return [];
  const highest = Math.max(...active);
  const gaps: number[] = [];
  for (let nonce = nodePendingNonce; nonce < highest; nonce++) if (!active.has(nonce)) gaps.push(nonce);
  return gaps;
}

/**
 * A nonce the person (or the gap filler) chose must not belong to one of Cairn's pending
 * transactions (speed up or cancel that one instead), and a gap filler's nonce must still be
 * missing, checked under the lock against the node's own count.
 */
export function checkChosenNonce(
  request: { nonce?: number | undefined; kind: TxKind },
  nonce: number,
  nodePending: number,
  records: readonly TxRecord[],
): void {
  if (request.nonce === undefined) return;
  if (records.some((r) => isActive(r) && r.nonce === nonce)) {
    throw new TxError('TX_NONCE_TAKEN', msg('core.chain:tx.nonce.pending', { nonce: String(nonce) }));
  }
  if (request.kind === 'fill-gap' && nonce < nodePending) {
    throw new TxError('TX_NONCE_TAKEN', msg('core.chain:tx.nonce.notMissing', { nonce: String(nonce) }));
  }
}
