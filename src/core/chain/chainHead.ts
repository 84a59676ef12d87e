import type { Block, Hex, Transaction } from 'viem';
import { getBlock, getChainId } from 'viem/actions';
import { WrongChainError } from '../errors/chain';
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
  /** The block's gas limit and gas used: a send's limit is checked against it, a preview runs within it. */
  gasLimit: bigint;
  gasUsed: bigint;
  /** Its base fee; undefined on a chain without EIP-1559. */
  baseFeePerGas: bigint | undefined;
  /** Its randomness and parent beacon root, which a preview gives the next block. */
  mixHash?: Hex | undefined;
  parentBeaconBlockRoot?: Hex | undefined;
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
 * A latest block as the head shares it: what every reader needs of its header, from one answer
 * (viem's block), so a send or a preview of this block asks the node for none of it again.
 */
export function headBlockOf(block: Block<bigint, boolean, 'latest'>, withTransactions = false): HeadBlock {
  return {
    number: block.number,
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: block.timestamp,
    gasLimit: block.gasLimit,
    gasUsed: block.gasUsed,
    baseFeePerGas: block.baseFeePerGas ?? undefined,
    mixHash: block.mixHash ?? undefined,
    parentBeaconBlockRoot: block.parentBeaconBlockRoot ?? undefined,
    ...(withTransactions ? { transactions: block.transactions as Transaction[] } : {}),
  };
}

/**
 * Whether a value read at block `readAt` may stand for the chain now: it is no older than the
 * head (`head`, the shared head's block number; when none is known yet, the value read now is
 * the newest there is). Undefined `readAt` (not known where it was read) never may.
 */
export function currentAt(readAt: bigint | undefined, head: bigint | undefined): boolean {
  return readAt !== undefined && (head === undefined || readAt >= head);
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
    const block = headBlockOf(latest, withTransactions);
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

/**
 * Throws a WrongChainError when the node answers for another chain than `network`'s: for a read
 * that no head read precedes (a network followed in the background), sent beside the read so it
 * travels in the same request.
 */
export async function assertSameChain(client: ChainClient, network: Pick<Network, 'chainId'>): Promise<void> {
  const chainId = await getChainId(client).catch((error: unknown) => {
    throw toChainError(error);
  });
  if (chainId !== network.chainId)
    throw new WrongChainError({ expectedChainId: network.chainId, actualChainId: chainId });
}
