import type { Hex } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { type CallsReceiptShape, waitForCallsReceipt } from '@/core/chain/receipts';

/** Waits until a batch call's transaction is mined on `network`, through its client (see waitForCallsReceipt). */
export function waitForBatchCallReceipt(network: Network, hash: Hex): Promise<CallsReceiptShape> {
  return waitForCallsReceipt(chainClient(network), hash);
}
