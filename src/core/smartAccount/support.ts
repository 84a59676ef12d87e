import { type Address, decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { DELEGATION_CONTRACTS } from './delegates';

const nameAbi = parseAbi(['function NAME() view returns (string)']);

/** Failures that say nothing of the node's EIP-7702: the answer is asked for again later. */
const TRANSIENT: ReadonlySet<string> = new Set(['CHAIN_UNREACHABLE', 'CHAIN_TIMEOUT', 'CHAIN_RATE_LIMITED']);

/**
 * Whether the node runs EIP-7702 with Cairn's delegate in place, asked in one eth_call: a
 * throwaway key authorizes the delegate and the call asks the throwaway account the delegate's
 * NAME(). Where authorizations are not applied (no EIP-7702), or no delegate is there, the
 * account has no code and answers nothing. A node that refuses the call (an authorization list
 * it does not know) counts as no; one that cannot be reached throws its ChainError, to ask again.
 *
 * The call comes from another throwaway address: a call's sender takes its nonce first, so an
 * authorization by the sender itself for nonce 0 would be skipped.
 */
export async function runsEip7702(client: ChainClient, chainId: number): Promise<boolean> {
  const throwaway = privateKeyToAccount(generatePrivateKey());
  const caller = privateKeyToAccount(generatePrivateKey());
  const address: Address = DELEGATION_CONTRACTS.delegator;
  try {
    const authorization = await throwaway.signAuthorization({ chainId, address, nonce: 0 });
    const { data } = await call(client, {
      account: caller.address,
      to: throwaway.address,
      data: encodeFunctionData({ abi: nameAbi, functionName: 'NAME' }),
      authorizationList: [authorization],
    });
    if (!data || data === '0x') return false;
    return decodeFunctionResult({ abi: nameAbi, functionName: 'NAME', data }) === 'EIP7702StatelessDeleGator';
  } catch (error) {
    const chainError = toChainError(error);
    if (TRANSIENT.has(chainError.code)) throw chainError;
    return false;
  }
}
