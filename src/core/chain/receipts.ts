import { type Hex, TransactionReceiptNotFoundError } from 'viem';
import { getTransactionReceipt } from 'viem/actions';
import type { ChainClient } from './client';
import { toChainError } from './toChainError';

export type ReceiptSummary = { status: 'success' | 'reverted'; blockNumber: bigint };

/**
 * Whether a transaction is mined, and how: its receipt's status and block, or null while the node
 * has no receipt for it. Throws ChainError (toChainError) when the node cannot answer.
 */
export async function readReceiptSummary(
  client: ChainClient,
  hash: Hex,
  rpcUrl?: string,
): Promise<ReceiptSummary | null> {
  try {
    const receipt = await getTransactionReceipt(client, { hash });
    return { status: receipt.status, blockNumber: receipt.blockNumber };
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw toChainError(error, rpcUrl);
  }
}
