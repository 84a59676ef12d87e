import { isActive, isMined, isWalletSent, type TxRecord } from './record';

/** What the node said when asked: found, definitely not there, or no usable answer. */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'missing' } | { kind: 'error' };

export type MinedReceipt = { blockNumber: bigint; success: boolean; gasUsed: bigint };

/** Everything one tracking pass knows about a record. */
export type Observation = {
  latest: bigint;
  receipt: Lookup<MinedReceipt>;
  /** Whether the node holds the transaction (eth_getTransactionByHash), and its nonce there. */
  inNode: Lookup<{ nonce: number }>;
  /** The account's mined transaction count, when the node answered. */
  confirmedNonce: number | undefined;
  /** Cairn's other records with the same sender and nonce, as stored now. */
  siblings: readonly TxRecord[];
  /** The head at which this record was first seen with its nonce used and no receipt. */
  suspectedDropAt: bigint | undefined;
};

export type Decision =
  | { kind: 'none' }
  | { kind: 'confirmations'; confirmations: number; blockNumber: bigint }
  | { kind: 'mined'; receipt: MinedReceipt; confirmations: number }
  | { kind: 'unmined' }
  | { kind: 'accepted' }
  | { kind: 'replaced'; by: string }
  | { kind: 'suspect-dropped' }
  | { kind: 'dropped' }
  | { kind: 'rebroadcast' };

/** Confirmations of a receipt at a head; at least 1, since a node behind a balancer can lag its own receipts. */
export function confirmationsAt(latest: bigint, blockNumber: bigint): number {
  const count = latest - blockNumber + 1n;
  return count < 1n ? 1 : Number(count);
}

/**
 * What one tracking pass does with a record. Lookup errors never change anything (the next pass
 * asks again). A record is only called dropped when its nonce is used, no receipt exists and no
 * sibling of ours was mined, seen so at two different heads: one lagging node must not turn a
 * mined transaction into a "dropped" one that the person might pay again.
 */
export function decide(record: TxRecord, seen: Observation): Decision {
  if (!isActive(record) && !isMined(record)) return { kind: 'none' };
  if (seen.receipt.kind === 'error') return { kind: 'none' };
  if (seen.receipt.kind === 'found') {
    const confirmations = confirmationsAt(seen.latest, seen.receipt.value.blockNumber);
    if (isMined(record)) {
      const { blockNumber } = seen.receipt.value;
      return confirmations === record.confirmations && blockNumber === record.blockNumber
        ? { kind: 'none' }
        : { kind: 'confirmations', confirmations, blockNumber };
    }
    return { kind: 'mined', receipt: seen.receipt.value, confirmations };
  }
  // No receipt. A mined record without one was undone by a reorganisation.
  if (isMined(record)) return { kind: 'unmined' };
  if (seen.inNode.kind === 'error') return { kind: 'none' };
  if (seen.inNode.kind === 'found') return record.status === 'signed' ? { kind: 'accepted' } : { kind: 'none' };
  if (seen.confirmedNonce === undefined) return { kind: 'none' };
  if (seen.confirmedNonce > record.nonce) {
    // A nonce a wallet may not have used: its being used says nothing about this transaction.
    if (record.nonceUnconfirmed) return { kind: 'none' };
    const minedSibling = seen.siblings.find(isMined);
    if (minedSibling) return { kind: 'replaced', by: minedSibling.id };
    if (seen.suspectedDropAt !== undefined && seen.latest > seen.suspectedDropAt) return { kind: 'dropped' };
    return { kind: 'suspect-dropped' };
  }
  // The nonce is free. A replacement of ours that is still active stands for this one.
  if (seen.siblings.some((s) => s.replaces === record.id && isActive(s))) return { kind: 'none' };
  // A browser wallet sent it through its own node: Cairn has no bytes to send, so it waits.
  return isWalletSent(record) ? { kind: 'none' } : { kind: 'rebroadcast' };
}
