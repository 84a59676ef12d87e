import type { Address, Hex } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { type CallsReceiptShape, waitForCallsReceipt } from '@/core/chain/receipts';
import { readSmartAccountState } from '@/core/smartAccount/accountState';

/** Waits until a batch call's transaction is mined on `network`, through its client (see waitForCallsReceipt). */
export function waitForBatchCallReceipt(network: Network, hash: Hex): Promise<CallsReceiptShape> {
  return waitForCallsReceipt(chainClient(network), hash);
}

/**
 * The receipt of an atomic batch's one transaction. One that upgraded `upgrading` in the same
 * transaction is reported failed ('0x0') when the account is not upgraded once it is mined: the
 * chain skipped the authorization (the account's nonce had moved), so its call to itself ran no
 * code and nothing of the batch happened, though the receipt says it succeeded.
 */
export async function waitForAtomicBatchReceipt(
  network: Network,
  hash: Hex,
  upgrading: Address | undefined,
): Promise<CallsReceiptShape> {
  const receipt = await waitForBatchCallReceipt(network, hash);
  if (!upgrading || receipt.status !== '0x1') return receipt;
  const state = await readSmartAccountState(chainClient(network), upgrading);
  return state.kind === 'upgraded' ? receipt : { ...receipt, status: '0x0' };
}
