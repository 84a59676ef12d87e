import type { Address, Hex } from 'viem';
import { getTransaction, getTransactionReceipt } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { RECEIPTS_PER_BATCH, readInBatches } from '../chain/readInBatches';
import { readLaneOf } from '../chain/readLane';
import { sameAddress } from '../keys/sameAddress';
import type { ActivityItem } from './item';
import { nativeTx, receiptOutcome, sentItem } from './nativeItems';

/**
 * For transfers out of the account whose transaction no other source described (`known` hashes):
 * the transaction itself, if the account sent it (its fee and native value); a transfer made by a
 * spender with an allowance was not sent by the account and gets nothing. Block times are left
 * for the caller to fill in.
 */
export async function senderItems(
  client: ChainClient,
  chainId: number,
  account: Address,
  transfers: readonly ActivityItem[],
  known: ReadonlySet<Hex>,
): Promise<ActivityItem[]> {
  const hashes = [...new Set(transfers.filter((i) => i.direction !== 'in' && !known.has(i.hash)).map((i) => i.hash))];
  const read = await readInBatches(
    hashes,
    (hash) => Promise.all([getTransaction(client, { hash }), getTransactionReceipt(client, { hash })]),
    RECEIPTS_PER_BATCH / 2,
    readLaneOf(client),
  );
  const out: ActivityItem[] = [];
  for (const [tx, receipt] of read) {
    if (!sameAddress(tx.from, account) || tx.blockNumber === null) continue;
    out.push(sentItem(chainId, account, nativeTx(tx, tx.blockNumber, undefined), receiptOutcome(receipt), 'logs'));
  }
  return out;
}
