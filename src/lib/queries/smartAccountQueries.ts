import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { readSmartAccountState } from '@/core/smartAccount/accountState';
import type { ExecutionCall } from '@/core/smartAccount/execution';
import { type BatchToPrepare, prepareBatch } from '@/core/smartAccount/smartBatch';
import { networkRunsEip7702 } from '@/core/smartAccount/support';
import { chainKeys } from './chainQueries';
import { plannedBatchGas } from './simulationQueries';

/** How long a state read without following the head stands (the accounts' cards). */
const STATE_WITHOUT_BLOCK_MS = 30_000;

export const smartAccountKeys = {
  all: (network: Network) => [...chainKeys.network(network), 'smart-account'] as const,
  /** Per block: an upgrade or undo shows at the block that mined it. */
  state: (network: Network, address: Address, block: bigint | undefined) =>
    [...smartAccountKeys.all(network), address.toLowerCase(), String(block ?? '')] as const,
  support: (network: Network) => [...chainKeys.network(network), 'eip-7702'] as const,
  batch: (network: Network, account: Address, payer: Address, state: string, calls: readonly ExecutionCall[]) =>
    [
      ...smartAccountKeys.all(network),
      'batch',
      account.toLowerCase(),
      payer.toLowerCase(),
      state,
      calls.map((c) => `${c.to.toLowerCase()}:${c.value}:${c.data}`).join(' '),
    ] as const,
};

/** Whether an account is plain, upgraded to Cairn's delegate, delegated elsewhere or a contract (one eth_getCode per block asked). */
export function smartAccountStateQuery(network: Network, address: Address, block: bigint | undefined) {
  return queryOptions({
    queryKey: smartAccountKeys.state(network, address, block),
    queryFn: () => readSmartAccountState(chainClient(network), address),
    // Read at a block, it stands; read without one (a list), it is asked again after a while.
    staleTime: block === undefined ? STATE_WITHOUT_BLOCK_MS : Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

/**
 * Whether a site's call goes to an address that runs code, for preparing it: the read of its code
 * the window's guard made (OwnAccountCallGuard reads every called address, smartAccountStateQuery),
 * or that read under way, so preparing does not ask for the code again; undefined for a creation.
 */
export function recipientRunsCode(
  cache: QueryClient,
  network: Network,
  to: Address | undefined,
): Promise<boolean | undefined> | undefined {
  return to && cache.fetchQuery(smartAccountStateQuery(network, to, undefined)).then((state) => state.kind !== 'plain');
}

/**
 * Whether the network runs EIP-7702 with Cairn's delegate in place: asked once per node and
 * session; never on a ZKsync chain (networkRunsEip7702), whose node is not asked.
 */
export function eip7702SupportQuery(network: Network) {
  return queryOptions({
    queryKey: smartAccountKeys.support(network),
    queryFn: () => networkRunsEip7702(network),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A batch prepared as one transaction (see prepareBatch): asked once per account, payer, state and
 * calls, and not again on its own (preparing may ask the account's signer for a delegation).
 */
export function smartBatchQuery(args: BatchToPrepare) {
  const { network, account, state, payer, calls } = args;
  return queryOptions({
    queryKey: smartAccountKeys.batch(network, account.address, payer, state.kind, calls),
    queryFn: () =>
      prepareBatch({
        network,
        account,
        state,
        payer,
        calls,
        store: args.store,
        nowSeconds: BigInt(Math.floor(Date.now() / 1000)),
        plannedGas: plannedBatchGas,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
