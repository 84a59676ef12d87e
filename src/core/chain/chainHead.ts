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

/**
 * Per client, the chain id its node answered with once it matched, and the last block read: asked
 * again after a failure, or when a block does not follow the last (a node that went back, or was
 * replaced by another chain's).
 */
const connections = new WeakMap<ChainClient, { chainId: number; last: HeadBlock }>();

/**
 * Whether `block` comes after `last` on the same chain with no reorganisation or restart, as far
 * as the two tell: undefined when blocks between them were not seen.
 */
export function blockFollows(
  last: Pick<HeadBlock, 'number' | 'hash'>,
  block: Pick<HeadBlock, 'number' | 'hash' | 'parentHash'>,
): boolean | undefined {
  if (block.number < last.number) return false;
  if (block.number === last.number) return block.hash === last.hash;
  if (block.number === last.number + 1n) return block.parentHash === last.hash;
  return undefined;
}

/**
 * Reads the node's latest block, and its chain id when the connection is new (the first read, the
 * first after a failure or a mismatch, or a block that does not follow the last), in one JSON-RPC
 * batch (two requests when the block is the surprise). A poll on a connection already checked
 * asks for the block alone; the checks before signing ask the chain id again (nodeChainIdNow).
 * `withTransactions` reads the block's transactions too.
 *
 * Throws a ChainError (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, ...) when the node cannot answer.
 */
export async function readChainHead(
  client: ChainClient,
  network: Network,
  { withTransactions = false }: { withTransactions?: boolean } = {},
): Promise<ChainHead> {
  try {
    const known = connections.get(client);
    const [answered, latest] = await Promise.all([
      known?.chainId === network.chainId ? undefined : getChainId(client),
      getBlock(client, { blockTag: 'latest', includeTransactions: withTransactions }),
    ]);
    const block: HeadBlock = {
      number: latest.number,
      hash: latest.hash,
      parentHash: latest.parentHash,
      timestamp: latest.timestamp,
      ...(withTransactions ? { transactions: latest.transactions as Transaction[] } : {}),
    };
    const chainId =
      answered ?? (known && blockFollows(known.last, block) !== false ? known.chainId : await getChainId(client));
    if (chainId !== network.chainId) {
      connections.delete(client);
      return { status: 'wrong-chain', chainId, expectedChainId: network.chainId, blockNumber: block.number, block };
    }
    connections.set(client, { chainId, last: block });
    return { status: 'ok', chainId, blockNumber: block.number, block };
  } catch (error) {
    connections.delete(client);
    throw toChainError(error, network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined);
  }
}
