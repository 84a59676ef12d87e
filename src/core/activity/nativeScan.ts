import type { Address, Transaction } from 'viem';
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

/** A block as a scan reads it. */
export type ScannedBlock = { number: bigint; timestamp: bigint; transactions: readonly Transaction[] };

/**
 * The accounts' native history from full blocks and their receipts: every transaction each sent
 * (value, fee, failure) and value received from someone else's transaction. Each block is read
 * once for all accounts; `known` blocks (the head, read with its transactions) are not read
 * again. Only for small chains the person runs (the local chain): a real chain needs an explorer
 * for this. Returns each account's items and the time of every block read.
 */
export async function scanItemsOf(
  client: ChainClient,
  chainId: number,
  accounts: readonly Address[],
  range: { from: bigint; to: bigint; known?: readonly ScannedBlock[] },
  onProgress?: (done: bigint, total: bigint) => void,
): Promise<{ items: Map<Address, ActivityItem[]>; timestamps: Map<bigint, number> }> {
  const { found, timestamps } = await scanBlocks(client, accounts, range, onProgress);
  // A transaction between two of the accounts is found twice: its receipt is read once.
  const hashes = [...new Set(found.map(({ tx }) => tx.hash))];
  const read = await readInBatches(
    hashes,
    (hash) => getTransactionReceipt(client, { hash }),
    undefined,
    readLaneOf(client),
  );
  const receipts = new Map(hashes.map((hash, i) => [hash, read[i]]));
  const items = new Map<Address, ActivityItem[]>(accounts.map((account) => [account, []]));
  found.forEach(({ account, tx, sent }) => {
    const receipt = receipts.get(tx.hash);
    const list = items.get(account);
    if (!receipt || !list) return;
    const outcome = receiptOutcome(receipt);
    if (sent) {
      const created = receipt.contractAddress ?? undefined;
      list.push(sentItem(chainId, account, tx, { ...outcome, contractAddress: created }, 'scan'));
    } else if (!outcome.failed) {
      list.push(receivedItem(chainId, account, tx, 'tx', 'scan'));
    }
  });
  return { items, timestamps };
}

type Found = { account: Address; tx: NativeTx; sent: boolean };

/** The transactions each account sent, those that sent it value, and the time of every block read. */
async function scanBlocks(
  client: ChainClient,
  accounts: readonly Address[],
  { from, to, known = [] }: { from: bigint; to: bigint; known?: readonly ScannedBlock[] },
  onProgress?: (done: bigint, total: bigint) => void,
): Promise<{ found: Found[]; timestamps: Map<bigint, number> }> {
  const found: Found[] = [];
  const timestamps = new Map<bigint, number>();
  const given = new Map(known.map((block) => [block.number, block]));
  const take = (block: ScannedBlock) => {
    const timestamp = Number(block.timestamp);
    timestamps.set(block.number, timestamp);
    for (const tx of block.transactions) {
      for (const account of accounts) {
        if (sameAddress(tx.from, account))
          found.push({ account, tx: nativeTx(tx, block.number, timestamp), sent: true });
        else if (sameAddress(tx.to, account) && tx.value > 0n)
          found.push({ account, tx: nativeTx(tx, block.number, timestamp), sent: false });
      }
    }
  };
  for (let start = from; start <= to; start += BigInt(SCAN_BATCH)) {
    const numbers: bigint[] = [];
    for (let n = start; n <= to && n < start + BigInt(SCAN_BATCH); n++) numbers.push(n);
    // Full blocks can be large: readInBatches reads fewer at a time if an answer is too big.
    const blocks = await readInBatches(
      numbers.filter((n) => !given.has(n)),
      (blockNumber) => fullBlock(client, blockNumber),
      SCAN_BATCH,
      readLaneOf(client),
    );
    for (const block of [...blocks, ...numbers.flatMap((n) => given.get(n) ?? [])]) take(block);
    onProgress?.(start + BigInt(numbers.length) - from, to - from + 1n);
  }
  return { found, timestamps };
}
