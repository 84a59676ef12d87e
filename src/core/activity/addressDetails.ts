import { type Address, type Hex, size } from 'viem';
import { getBalance, getCode, getTransactionCount } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { delegateOf } from '../chain/delegationDesignator';
import { toChainError } from '../chain/toChainError';

/** What the chain says about any address: balance, transactions sent, and code. */
export type AddressDetails = {
  balance: bigint;
  /** Transactions it has sent (its nonce). */
  nonce: number;
  /** Size of its code in bytes: 0 for an account, more for a contract (or a delegated EIP-7702 account). */
  codeSize: number;
  /** EIP-7702: the contract an account delegates to, when its code is a delegation designator. */
  delegatesTo: Address | undefined;
};

/**
 * Balance, nonce and code of an address in one request.
 *
 * Errors: ChainError.
 */
export async function readAddressDetails(client: ChainClient, address: Address): Promise<AddressDetails> {
  let balance: bigint;
  let nonce: number;
  let code: Hex | undefined;
  try {
    [balance, nonce, code] = await Promise.all([
      getBalance(client, { address }),
      getTransactionCount(client, { address }),
      getCode(client, { address }),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  const bytes = code && code !== '0x' ? size(code) : 0;
  const delegatesTo = delegateOf(code);
  return { balance, nonce, codeSize: bytes, delegatesTo };
}
