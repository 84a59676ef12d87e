import { type Hex, numberToHex, TransactionReceiptNotFoundError } from 'viem';
import { getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions';
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

/**
 * A receipt as EIP-5792's wallet_getCallsStatus carries it: hex quantities, the logs' address, data
 * and topics; and for a call that created a contract its `contractAddress`, as
 * eth_getTransactionReceipt gives it (not among EIP-5792's fields: where else a site would read it).
 */
export type CallsReceiptShape = {
  status: '0x1' | '0x0';
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  logs: { address: Hex; data: Hex; topics: Hex[] }[];
  contractAddress?: Hex;
};

/**
 * Waits until `hash` is mined (polling the node) and gives its receipt in EIP-5792's shape. A
 * replacement is followed to its own receipt: one that repriced the same call (a speed-up) stands
 * for it; one that cancelled or replaced the call is reported failed ('0x0'), since the call never
 * ran. Throws ChainError when the node cannot tell, or after `timeoutMs` without a receipt.
 */
export async function waitForCallsReceipt(
  client: ChainClient,
  hash: Hex,
  timeoutMs = 10 * 60_000,
): Promise<CallsReceiptShape> {
  try {
    let callDropped = false;
    const receipt = await waitForTransactionReceipt(client, {
      hash,
      timeout: timeoutMs,
      onReplaced: ({ reason }) => {
        callDropped = reason !== 'repriced';
      },
    });
    return {
      status: receipt.status === 'success' && !callDropped ? '0x1' : '0x0',
      transactionHash: receipt.transactionHash,
      blockHash: receipt.blockHash,
      blockNumber: numberToHex(receipt.blockNumber),
      gasUsed: numberToHex(receipt.gasUsed),
      logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
      ...(receipt.contractAddress ? { contractAddress: receipt.contractAddress } : {}),
    };
  } catch (error) {
    throw toChainError(error);
  }
}
