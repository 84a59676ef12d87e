import {
  type Address,
  type Hex,
  type Transaction,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import { getBlock, getBlockNumber, getTransaction, getTransactionReceipt } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { TxError } from '../errors/tx';
import { msg, untrustedValue } from '../i18n/message';
import { receiptFee } from './nativeItems';

/** A transaction as its page shows it: the node's transaction, receipt (once mined), block time and head. */
export type TransactionDetails = {
  tx: Transaction;
  receipt: TransactionReceipt | undefined;
  /** Block time in unix seconds, once mined. */
  timestamp: number | undefined;
  confirmations: number;
  /** Fee paid (gas used × effective price), once mined. */
  fee: bigint | undefined;
  /** The contract a creation made. */
  created: Address | undefined;
};

/**
 * Reads one transaction in two round trips: the transaction, its receipt and the head together,
 * then its block for the time. A hash the node does not know is a typed error, not a blank page.
 *
 * Errors: TX_NOT_FOUND, ChainError.
 */
export async function readTransactionDetails(
  client: ChainClient,
  hash: Hex,
  networkName: string,
): Promise<TransactionDetails> {
  let tx: Transaction | undefined;
  let receipt: TransactionReceipt | undefined;
  let head: bigint;
  try {
    [tx, receipt, head] = await Promise.all([
      getTransaction(client, { hash }).catch((error: unknown) => {
        if (error instanceof TransactionNotFoundError) return undefined;
        throw error;
      }),
      getTransactionReceipt(client, { hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined;
        throw error;
      }),
      getBlockNumber(client, { cacheTime: 0 }),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  if (!tx) {
    throw new TxError('TX_NOT_FOUND', msg('core.chain:tx.notFound', { network: untrustedValue(networkName, 'name') }));
  }
  let timestamp: number | undefined;
  if (receipt) {
    try {
      timestamp = Number((await getBlock(client, { blockNumber: receipt.blockNumber })).timestamp);
    } catch (error) {
      throw toChainError(error);
    }
  }
  const confirmations = receipt ? Math.max(1, Number(head - receipt.blockNumber + 1n)) : 0;
  return {
    tx,
    receipt,
    timestamp,
    confirmations,
    fee: receipt ? receiptFee(receipt) : undefined,
    created: receipt?.contractAddress ?? undefined,
  };
}
