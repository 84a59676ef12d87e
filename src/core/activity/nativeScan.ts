import type { Address, Hex, Transaction, TransactionReceipt } from 'viem';
import { getBlock, getTransactionReceipt } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { spanForTarget } from '../chain/logRanges';
import { RECEIPTS_PER_BATCH, readInBatches } from '../chain/readInBatches';
import { readLaneOf } from '../chain/readLane';
import { sameAddress } from '../keys/sameAddress';
import type { ActivityItem } from './item';
import { type NativeTx, nativeTx, receiptOutcome, receivedItem, sentItem } from './nativeItems';

const fullBlock = (client: ChainClient, blockNumber: bigint) =>
  getBlock(client, { blockNumber, includeTransactions: true });

/** Blocks read per batch by a scan at first (one JSON-RPC batch), and at most. */
const FIRST_SCAN_BATCH = 8;
const MAX_SCAN_BATCH = 500;
/**
 * Transactions a batch of full blocks aims at: about 2 MB of JSON, so that it fits beside a read
 * of logs in one answer under the client's 10 MB (the local chain packs 500 in a block).
 */
const TXS_PER_READ = 3_000;

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
  // Each batch of blocks' receipts are asked while the next batch is read, so the node works on
  // one while Cairn parses the other. A transaction between two of the accounts is found twice:
  // its receipt is read once.
  const asked = new Set<Hex>();
  const reads: Promise<{ hashes: Hex[]; read: TransactionReceipt[] }>[] = [];
  const { found, timestamps } = await scanBlocks(client, accounts, range, onProgress, (batch) => {
    const hashes = [...new Set(batch.map(({ tx }) => tx.hash))].filter((hash) => !asked.has(hash));
    for (const hash of hashes) asked.add(hash);
    if (hashes.length === 0) return;
    const read = readInBatches(
      hashes,
      (hash) => getTransactionReceipt(client, { hash }),
      RECEIPTS_PER_BATCH,
      readLaneOf(client),
    );
    const pending = read.then((receipts) => ({ hashes, read: receipts }));
    // Awaited below; a failure is not left unhandled while the scan goes on.
    pending.catch(() => undefined);
    reads.push(pending);
  });
  const read: TransactionReceipt[] = [];
  const hashes: Hex[] = [];
  for (const batch of await Promise.all(reads)) {
    hashes.push(...batch.hashes);
    read.push(...batch.read);
  }
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
  /** Called with what each batch of blocks found, as soon as it is read. */
  onBatch?: (found: readonly Found[]) => void,
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
  // Each batch is sized from the last one's transactions, so a dense history is never asked in
  // answers too large for the client, and the size that fitted is kept for the next batch.
  let batch = FIRST_SCAN_BATCH;
  for (let start = from; start <= to; ) {
    const numbers: bigint[] = [];
    for (let n = start; n <= to && n < start + BigInt(batch); n++) numbers.push(n);
    // Full blocks can still be larger than their neighbours: readInBatches reads fewer at a time then.
    const blocks = await readInBatches(
      numbers.filter((n) => !given.has(n)),
      (blockNumber) => fullBlock(client, blockNumber),
      batch,
      readLaneOf(client),
    );
    let txs = 0;
    const before = found.length;
    for (const block of [...blocks, ...numbers.flatMap((n) => given.get(n) ?? [])]) {
      txs += block.transactions.length;
      take(block);
    }
    onBatch?.(found.slice(before));
    start += BigInt(numbers.length);
    onProgress?.(start - from, to - from + 1n);
    const next = Number(spanForTarget(BigInt(numbers.length), txs, TXS_PER_READ));
    batch = Math.max(1, Math.min(MAX_SCAN_BATCH, next));
  }
  return { found, timestamps };
}
