import type { Hex, Transaction } from 'viem';
import { getBlock, getChainId } from 'viem/actions';
import type { ChainClient } from './client';
import type { Network } from './networks';
import { toChainError } from './toChainError';

/** The node's latest block, as every reader of the head shares it (one ask per poll). */
export type HeadBlock = {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  /** Seconds. */
  timestamp: bigint;
  /** The block's transactions, when asked for (a scan of the local chain reads them from here). */
  transactions?: readonly Transaction[];
};

export type ChainHead =
  | { status: 'ok'; chainId: number; blockNumber: bigint; block: HeadBlock }
  | { status: 'wrong-chain'; chainId: number; expectedChainId: number; blockNumber: bigint; block: HeadBlock };

/** The chain id each client's node answered with, once it matched: asked again only after a failure. */
const confirmedChainId = new WeakMap<ChainClient, number>();

/**
 * Reads the node's latest block, and its chain id when the connection is new (the first read, or
 * the first after a failure or a mismatch), in one JSON-RPC batch. A poll on a connection already
 * checked asks for the block alone; the checks before signing ask the chain id again
 * (nodeChainIdNow). `withTransactions` reads the block's transactions too.
 *
 * Throws a ChainError (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, ...) when the node cannot answer.
 */
export async function readChainHead(
  client: ChainClient,
  network: Network,
  { withTransactions = false }: { withTransactions?: boolean } = {},
): Promise<ChainHead> {
  try {
    const known = confirmedChainId.get(client) === network.chainId;
    const [chainId, latest] = await Promise.all([
      known ? network.chainId : getChainId(client),
      getBlock(client, { blockTag: 'latest', includeTransactions: withTransactions }),
    ]);
    const block: HeadBlock = {
      number: latest.number,
      hash: latest.hash,
      parentHash: latest.parentHash,
      timestamp: latest.timestamp,
      ...(withTransactions ? { transactions: latest.transactions as Transaction[] } : {}),
    };
    if (chainId !== network.chainId) {
      confirmedChainId.delete(client);
      return { status: 'wrong-chain', chainId, expectedChainId: network.chainId, blockNumber: block.number, block };
    }
    confirmedChainId.set(client, chainId);
    return { status: 'ok', chainId, blockNumber: block.number, block };
  } catch (error) {
    confirmedChainId.delete(client);
    throw toChainError(error, network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined);
  }
}
