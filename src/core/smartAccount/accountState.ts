import type { Address, Hex } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { delegateOf } from '../chain/delegationDesignator';
import { toChainError } from '../chain/toChainError';
import { isKnownDelegate } from './delegates';

/**
 * What an account is, for its smart-account features: a plain account (no code), one upgraded to
 * Cairn's delegate, one delegated to any other contract (a danger: that contract can do anything
 * with the account), or a contract (which no authorization can change).
 */
export type SmartAccountState =
  | { kind: 'plain' }
  | { kind: 'upgraded'; delegate: Address }
  | { kind: 'foreign'; delegate: Address }
  | { kind: 'contract' };

export function smartAccountState(code: Hex | undefined): SmartAccountState {
  if (code === undefined || code === '0x') return { kind: 'plain' };
  const delegate = delegateOf(code);
  if (delegate === undefined) return { kind: 'contract' };
  return isKnownDelegate(delegate) ? { kind: 'upgraded', delegate } : { kind: 'foreign', delegate };
}

/** Reads an account's state at the head (one eth_getCode). Throws a ChainError. */
export async function readSmartAccountState(client: ChainClient, address: Address): Promise<SmartAccountState> {
  try {
    return smartAccountState(await getCode(client, { address }));
  } catch (error) {
    throw toChainError(error);
  }
}
