import type { Address } from 'viem';
import { getBlock, getTransactionReceipt } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { readInBatches } from '../chain/readInBatches';
import { readLaneOf } from '../chain/readLane';
import { sameAddress } from '../keys/sameAddress';
import type { ActivityItem } from './item';
import { type NativeTx, nativeTx, receiptOutcome, receivedItem, sentItem } from './nativeItems';

const fullBlock = (client: ChainClient, blockNumber: bigint) =>
  getBlock(client, { blockNumber, includeTransactions: true });

/** Blocks read per batch by a scan: one JSON-RPC batch each. */
const SCAN_BATCH = 100;

/**
 * The account's native history from full blocks and their receipts: every transaction it sent
 * (value, fee, failure) and value received from someone else's transaction. Only for small chains
 * the person runs (the local chain): a real chain needs an explorer for this. Returns the items
 * and the time of every block read.
 */
export async function scanItems(
  client: ChainClient,
  chainId: number,
  account: Address,
  from: bigint,
  to: bigint,
  onProgress?: (done: bigint, total: bigint) => void,
): Promise<{ items: ActivityItem[]; timestamps: Map<bigint, number> }> {
  const scan = await scanBlocks(client, account, from, to, onProgress);
  const all = [...scan.sent, ...scan.received];
  const receipts = await readInBatches(
    all,
    (tx) => getTransactionReceipt(client, { hash: tx.hash }),
    undefined,
    readLaneOf(client),
  );
  const items: ActivityItem[] = [];
  all.forEach((tx, i) => {
    const receipt = receipts[i];
    if (!receipt) return;
    const outcome = receiptOutcome(receipt);
    if (i < scan.sent.length) {
      const created = receipt.contractAddress ?? undefined;
      items.push(sentItem(chainId, account, tx, { ...outcome, contractAddress: created }, 'scan'));
    } else if (!outcome.failed) {
      items.push(receivedItem(chainId, account, tx, 'tx', 'scan'));
    }
  });
  return { items, timestamps: scan.timestamps };
}

/** The transactions the account sent, those that sent it value, and the time of every block read. */
async function scanBlocks(
  client: ChainClient,
  account: Address,
  from: bigint,
  to: bigint,
  onProgress?: (done: bigint, total: bigint) => void,
): Promise<{ sent: NativeTx[]; received: NativeTx[]; timestamps: Map<bigint, number> }> {
  const sent: NativeTx[] = [];
  const received: NativeTx[] = [];
  const timestamps = new Map<bigint, number>();
  for (let start = from; start <= to; start += BigInt(SCAN_BATCH)) {
    const numbers: bigint[] = [];
    for (let n = start; n <= to && n < start + BigInt(SCAN_BATCH); n++) numbers.push(n);
    // Full blocks can be large: readInBatches reads fewer at a time if an answer is too big.
    const blocks = await readInBatches(
      numbers,
      (blockNumber) => fullBlock(client, blockNumber),
      SCAN_BATCH,
      readLaneOf(client),
    );
    for (const block of blocks) {
      const timestamp = Number(block.timestamp);
      timestamps.set(block.number, timestamp);
      for (const tx of block.transactions) {
        if (sameAddress(tx.from, account)) sent.push(nativeTx(tx, block.number, timestamp));
        else if (sameAddress(tx.to, account) && tx.value > 0n) received.push(nativeTx(tx, block.number, timestamp));
      }
    }
    onProgress?.(start + BigInt(numbers.length) - from, to - from + 1n);
  }
  return { sent, received, timestamps };
}
