import type { Address, Hex } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';

/** The code at an address: '0x' or undefined when nothing is deployed. Throws a ChainError. */
export async function readCode(client: ChainClient, address: Address): Promise<Hex | undefined> {
  try {
    return await getCode(client, { address });
  } catch (error) {
    throw toChainError(error);
  }
}
