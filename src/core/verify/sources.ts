import { type Hex, numberToHex } from 'viem';
import { type ChainClient, chainClient, type ReadPace } from '../chain/client';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import type { RpcAccountProof } from './accountProof';
import type { RpcHeader } from './headerHash';

/** One of the network's RPC URLs, asked on its own (no fallback to the others). */
export type Source = { url: string; client: ChainClient };

/**
 * The network's RPC URLs as separate sources, in the person's order, each batching what is asked
 * of it together (what one refresh asks goes as one HTTP request per source); at the background
 * pace (a moment's wait to gather a block's reads), or at once where the person waits.
 */
export function sourcesOf(network: Network, pace: ReadPace = 'background'): Source[] {
  return network.rpcUrls.map((url) => ({ url, client: chainClient({ ...network, rpcUrls: [url] }, pace) }));
}

/** A ChainError from `source` as the VerifyError it means, or the ChainError itself. */
function sourceError(error: unknown, source: Source, block: bigint): Error {
  const chain = toChainError(error, source.url);
  const url = codeValue(source.url);
  if (chain.code === 'CHAIN_METHOD_UNSUPPORTED')
    return new VerifyError('VERIFY_NO_PROOFS', msg('core.chain:verify.noProofs', { source: url }), { cause: chain });
  if (chain.code === 'CHAIN_STATE_UNAVAILABLE')
    return new VerifyError(
      'VERIFY_STATE_GONE',
      msg('core.chain:verify.stateGone', { source: url, block: block.toString() }),
      { cause: chain },
    );
  return chain;
}

/** The header of block `number` as `source` gives it, or null when it has no such block. */
export async function headerFrom(source: Source, number: bigint): Promise<RpcHeader | null> {
  try {
    return (await source.client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), false],
    } as never)) as RpcHeader | null;
  } catch (error) {
    throw sourceError(error, source, number);
  }
}

/** eth_getProof of `address` and `slots` at block `number`, from `source`. */
export async function proofFrom(
  source: Source,
  address: Hex,
  slots: readonly Hex[],
  number: bigint,
): Promise<RpcAccountProof> {
  try {
    return (await source.client.request({
      method: 'eth_getProof',
      params: [address, slots, numberToHex(number)],
    } as never)) as RpcAccountProof;
  } catch (error) {
    throw sourceError(error, source, number);
  }
}

/** The newest block `source` names (eth_blockNumber). */
export async function headFrom(source: Source): Promise<bigint> {
  try {
    return BigInt((await source.client.request({ method: 'eth_blockNumber' } as never)) as Hex);
  } catch (error) {
    throw toChainError(error, source.url);
  }
}
