import { type Address, decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { call } from 'viem/actions';
import { type ChainClient, chainClient } from '../chain/client';
import { feeFamilyOf } from '../chain/feeFamily';
import type { FeeFamily } from '../chain/networkFacts';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { type Message, msg } from '../i18n/message';
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

/**
 * Whether a network's kind has no EIP-7702 whatever its node answers: a ZKsync chain (ZKsync Era,
 * and chains of its stack), whose EraVM has accounts of its own (native account abstraction) and
 * takes none of Ethereum's type-4 delegations, and where MetaMask publishes no delegate.
 */
export function lacksEip7702(family: FeeFamily): boolean {
  return family.kind === 'zkSync';
}

/** Why a network offers no smart account: the ZKsync sentence on a ZKsync chain, else the node's. */
export function noEip7702Message(family: FeeFamily): Message {
  return lacksEip7702(family) ? msg('core.chain:smartAccount.no7702ZkSync') : msg('core.chain:smartAccount.no7702');
}

/**
 * Whether the network runs EIP-7702 with Cairn's delegate: never on a ZKsync chain (known from its
 * family, without asking the node: a custom network's is read once, see feeFamilyOf), else as its
 * node answers (runsEip7702). Throws a ChainError when the node cannot be asked.
 */
export async function networkRunsEip7702(
  network: Network,
  client: ChainClient = chainClient(network),
): Promise<boolean> {
  if (lacksEip7702(await feeFamilyOf(network, client))) return false;
  return runsEip7702(client, network.chainId);
}
