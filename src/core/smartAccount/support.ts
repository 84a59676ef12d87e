import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi, size, zeroHash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { call } from 'viem/actions';
import { type ChainClient, chainClient } from '../chain/client';
import { DETERMINISTIC_DEPLOYER } from '../chain/deterministicDeployer';
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
 * What an account delegated to `delegate` answers `data`, asked in one eth_call that carries a
 * throwaway key's authorization: the way to learn whether a node runs EIP-7702 with that delegate
 * in place, without sending anything. Where authorizations are not applied (no EIP-7702), or no
 * delegate is there, the account has no code and answers nothing (undefined). A node that refuses
 * the call (an authorization list it does not know) counts as no; one that cannot be reached
 * throws its ChainError, to ask again.
 *
 * The call comes from another throwaway address: a call's sender takes its nonce first, so an
 * authorization by the sender itself for nonce 0 would be skipped. A node that charges the sender
 * a fee even in a call (EDR's OP Stack chain charges the L1 data fee) refuses an empty sender: the
 * call is asked once more with ether lent to it by a state override, which most nodes take.
 */
export async function answerThroughDelegation(
  client: ChainClient,
  chainId: number,
  delegate: Address,
  data: Hex,
): Promise<Hex | undefined> {
  const throwaway = privateKeyToAccount(generatePrivateKey());
  const caller = privateKeyToAccount(generatePrivateKey());
  const authorization = await throwaway.signAuthorization({ chainId, address: delegate, nonce: 0 });
  const ask = (lent: boolean) =>
    call(client, {
      account: caller.address,
      to: throwaway.address,
      data,
      authorizationList: [authorization],
      stateOverride: lent ? [{ address: caller.address, balance: LENT_TO_CALLER }] : undefined,
    });
  for (const lent of [false, true]) {
    try {
      const answer = (await ask(lent)).data;
      return answer === '0x' ? undefined : answer;
    } catch (error) {
      const chainError = toChainError(error);
      if (TRANSIENT.has(chainError.code)) throw chainError;
    }
  }
  return undefined;
}

/** What the throwaway caller is lent for a node that charges calls: far above any call's fee. */
const LENT_TO_CALLER = 10n ** 24n;

/** Whether the node runs EIP-7702 with Cairn's delegate in place: the delegate's NAME(), asked through a delegation. */
export async function runsEip7702(client: ChainClient, chainId: number): Promise<boolean> {
  const data = await answerThroughDelegation(
    client,
    chainId,
    DELEGATION_CONTRACTS.delegator,
    encodeFunctionData({ abi: nameAbi, functionName: 'NAME' }),
  );
  if (data === undefined) return false;
  try {
    return decodeFunctionResult({ abi: nameAbi, functionName: 'NAME', data }) === 'EIP7702StatelessDeleGator';
  } catch {
    return false;
  }
}

/**
 * Whether the node applies EIP-7702 authorizations, where no delegate of Cairn's is placed yet:
 * asked through a delegation to the deterministic deployer (the caller has checked its code).
 * Delegated, the throwaway account runs the proxy, which creates an empty contract by CREATE2 (the
 * salt alone, no init code) and answers its 20-byte address; undelegated, it has no code and
 * answers nothing. Throws a ChainError when the node cannot be reached.
 */
export async function appliesDelegations(client: ChainClient, chainId: number): Promise<boolean> {
  const answer = await answerThroughDelegation(client, chainId, DETERMINISTIC_DEPLOYER, zeroHash);
  return answer !== undefined && size(answer) === 20;
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
