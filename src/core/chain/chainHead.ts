import { getBlockNumber, getChainId } from 'viem/actions';
import type { ChainClient } from './client';
import type { Network } from './networks';
import { toChainError } from './toChainError';

export type ChainHead =
  | { status: 'ok'; chainId: number; blockNumber: bigint }
  | { status: 'wrong-chain'; chainId: number; expectedChainId: number; blockNumber: bigint };

/**
 * Reads the node's chain id and latest block number in one JSON-RPC batch and compares the id
 * with the network's. Throws a ChainError (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, ...) when the node
 * cannot answer.
 */
export async function readChainHead(client: ChainClient, network: Network): Promise<ChainHead> {
  try {
    const [chainId, blockNumber] = await Promise.all([getChainId(client), getBlockNumber(client, { cacheTime: 0 })]);
    if (chainId !== network.chainId) {
      return { status: 'wrong-chain', chainId, expectedChainId: network.chainId, blockNumber };
    }
    return { status: 'ok', chainId, blockNumber };
  } catch (error) {
    throw toChainError(error, network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined);
  }
}
