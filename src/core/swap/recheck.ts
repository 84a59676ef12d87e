import type { Address, Hex } from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';

/**
 * Whether the swap would fail if sent now: one eth_call of it at the latest block, just before it
 * is signed, so a price that moved beyond the slippage since the review costs no network fee.
 * A node that cannot answer throws (the send goes no further either).
 */
export async function swapFailsNow(client: ChainClient, tx: { from: Address; to: Address; value: bigint; data: Hex }) {
  try {
    await call(client, { account: tx.from, to: tx.to, value: tx.value, data: tx.data });
    return false;
  } catch (error) {
    if (toChainError(error).code === 'CHAIN_REVERTED') return true;
    throw toChainError(error);
  }
}
