import type { Address, Hex } from 'viem';
import { getBlock } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { type ActivityItem, activityItem, direction } from './item';
import { readInBatches } from './readInBatches';

const fullBlock = (client: ChainClient, blockNumber: bigint) =>
  getBlock(client, { blockNumber, includeTransactions: true });

/** Blocks read per batch by a scan: one JSON-RPC batch each. */
const SCAN_BATCH = 100;

export type ScannedTx = {
  hash: Hex;
  blockNumber: bigint;
  timestamp: number;
  txIndex: number;
  from: Address;
  to: Address | undefined;
  value: bigint;
};

/**
 * Native value moved by the account's own transactions and received by it, from full blocks.
 * Only for small chains the person runs (the local chain): a real chain needs an explorer for this.
 * Returns the transactions the account sent (their fees come from receipts, see transactionFees)
 * and the timestamps of every block read.
 */
export async function scanBlocks(
  client: ChainClient,
  account: Address,
  from: bigint,
  to: bigint,
  onProgress?: (done: bigint, total: bigint) => void,
): Promise<{ sent: ScannedTx[]; received: ScannedTx[]; timestamps: Map<bigint, number> }> {
  const me = account.toLowerCase();
  const sent: ScannedTx[] = [];
  const received: ScannedTx[] = [];
  const timestamps = new Map<bigint, number>();
  for (let start = from; start <= to; start += BigInt(SCAN_BATCH)) {
    const numbers: bigint[] = [];
    for (let n = start; n <= to && n < start + BigInt(SCAN_BATCH); n++) numbers.push(n);
    // Full blocks can be large: readInBatches reads fewer at a time if an answer is too big.
    const blocks = await readInBatches(numbers, (blockNumber) => fullBlock(client, blockNumber), SCAN_BATCH);
    for (const block of blocks) {
      const timestamp = Number(block.timestamp);
      timestamps.set(block.number, timestamp);
      for (const tx of block.transactions) {
        const scanned = {
          hash: tx.hash,
          blockNumber: block.number,
          timestamp,
          txIndex: tx.transactionIndex ?? 0,
          from: tx.from,
          to: tx.to ?? undefined,
          value: tx.value,
        };
        if (tx.from.toLowerCase() === me) sent.push(scanned);
        else if (tx.to?.toLowerCase() === me && tx.value > 0n) received.push(scanned);
      }
    }
    onProgress?.(start + BigInt(numbers.length) - from, to - from + 1n);
  }
  return { sent, received, timestamps };
}

/** The item of native value a transaction moved for the account; `own` is what differs by side. */
function nativeItem(
  chainId: number,
  account: Address,
  tx: ScannedTx,
  part: string,
  source: ActivityItem['source'],
  own: Pick<ActivityItem, 'direction' | 'counterparty' | 'fee' | 'failed'>,
): ActivityItem {
  return activityItem(part, {
    chainId,
    account,
    hash: tx.hash,
    blockNumber: tx.blockNumber,
    timestamp: tx.timestamp,
    txIndex: tx.txIndex,
    logIndex: undefined,
    asset: { kind: 'native' },
    amount: tx.value,
    source,
    ...own,
  });
}

/** The item of a transaction the account sent: its native value (often 0), its fee, whether it failed. */
export function sentItem(
  chainId: number,
  account: Address,
  tx: ScannedTx,
  receipt: { fee: bigint; failed: boolean; contractAddress?: Address | undefined },
  source: ActivityItem['source'],
): ActivityItem {
  const dir = direction(account, tx.from, tx.to);
  return nativeItem(chainId, account, tx, 'tx', source, {
    direction: dir === 'in' ? 'out' : dir,
    counterparty: tx.to ?? receipt.contractAddress,
    fee: receipt.fee,
    failed: receipt.failed,
  });
}

/** The item of native value received from someone else's transaction. */
export function receivedItem(
  chainId: number,
  account: Address,
  tx: ScannedTx,
  part: string,
  source: ActivityItem['source'],
): ActivityItem {
  return nativeItem(chainId, account, tx, part, source, {
    direction: 'in',
    counterparty: tx.from,
    fee: undefined,
    failed: false,
  });
}
