import { type Address, type Hex, keccak256 } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from './client';
import { toChainError } from './toChainError';

/** keccak256 of `code`, or undefined where there is none (an account without code). */
export function codeHashOf(code: Hex | undefined): Hex | undefined {
  return code === undefined || code === '0x' ? undefined : keccak256(code);
}

/**
 * The code hash at each address, in order (undefined where there is no code): one eth_getCode
 * each, sent together. The way every check of known contracts (delegates, Safe's, the deployer)
 * reads what a chain holds. Throws a ChainError.
 */
export async function readCodeHashes(client: ChainClient, addresses: readonly Address[]): Promise<(Hex | undefined)[]> {
  try {
    const codes = await Promise.all(addresses.map((address) => getCode(client, { address })));
    return codes.map(codeHashOf);
  } catch (error) {
    throw toChainError(error);
  }
}
