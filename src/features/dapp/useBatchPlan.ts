import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address } from 'viem';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { type BatchPlan, batchPlan } from '@/core/dapp/atomicBatch';
import type { PersonRequest } from '@/core/dapp/personRequests';
import type { SmartAccountState } from '@/core/smartAccount/accountState';
import { lacksEip7702 } from '@/core/smartAccount/support';
import { eip7702SupportQuery, smartAccountStateQuery } from '@/lib/queries/smartAccountQueries';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useSelectedNetwork } from '@/lib/stores/session';

type Request = Extract<PersonRequest, { method: 'wallet_sendCalls' }>;

/** A batch's plan, with the account's state it was made from; or why it could not be made yet. */
export type PlanOutcome =
  | { plan: BatchPlan; state: SmartAccountState | undefined }
  | { plan: undefined; error: unknown | undefined };

/**
 * How a site's batch is sent (batchPlan), from the account's state on the request's network and,
 * only where it decides, whether the network runs EIP-7702 with Cairn's delegate. Decided once
 * for the request: an upgrade mined while it is shown (by this very batch) changes nothing here.
 * A batch that does not require atomicity is sent call by call when the state cannot be read;
 * one that does waits, with the error.
 */
export function useBatchPlan(network: Network | undefined, request: Request, signer: Account | undefined): PlanOutcome {
  const selected = useSelectedNetwork();
  const on = network ?? selected;
  const head = useChainHead(on);
  const block = head.data?.status === 'ok' ? head.data.block.number : undefined;
  const from = request.account as Address;
  const state = useQuery({ ...smartAccountStateQuery(on, from, block), enabled: network !== undefined && !!signer });
  const input = network &&
    state.data && {
      atomicRequired: request.atomicRequired,
      calls: request.calls,
      chainId: network.chainId,
      lacks7702: lacksEip7702(network.feeFamily),
      state: state.data,
      signer: signer?.source.kind ?? 'watch',
    };
  const needsSupport = input !== undefined && batchPlan({ ...input, runs7702: undefined }) === undefined;
  const support = useQuery({ ...eip7702SupportQuery(on), enabled: needsSupport });
  const [decided, setDecided] = useState<{ plan: BatchPlan; state: SmartAccountState | undefined }>();
  if (decided) return decided;
  let now: { plan: BatchPlan; state: SmartAccountState | undefined } | undefined;
  if (network && !signer) {
    // Nothing can be signed: a batch sent call by call says so on its own screen.
    now = {
      plan: request.atomicRequired
        ? { kind: 'refused', refusal: { kind: 'signer', signer: 'watch' } }
        : { kind: 'sequential' },
      state: undefined,
    };
  } else if (input) {
    const plan = batchPlan({ ...input, runs7702: support.data });
    if (plan) now = { plan, state: input.state };
  } else if (network && state.isError && !request.atomicRequired) {
    now = { plan: { kind: 'sequential' }, state: undefined };
  }
  if (now) {
    setDecided(now);
    return now;
  }
  return { plan: undefined, error: state.error ?? support.error ?? undefined };
}
