import type { Address } from 'viem';
import { getBalance } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';

/**
 * Native balances of several addresses, keyed by the address as given. The reads are issued
 * together, so a client with JSON-RPC batching sends them as one HTTP request.
 * Throws ChainError (toChainError).
 */
export async function readNativeBalances(
  client: ChainClient,
  addresses: readonly Address[],
): Promise<Map<Address, bigint>> {
  try {
    const balances = await Promise.all(addresses.map((address) => getBalance(client, { address })));
    return new Map(addresses.map((address, i) => [address, balances[i] ?? 0n]));
  } catch (error) {
    throw toChainError(error);
  }
}
