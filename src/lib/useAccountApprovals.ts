import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Address } from 'viem';
import type { ApprovalsProgress } from '@/core/approvals/readApprovals';
import type { Network } from '@/core/chain/networks';
import type { Attention } from '@/core/chain/refreshPolicy';
import { approvalKeys } from './queries/approvalKeys';
import { accountApprovalsQuery } from './queries/approvalQueries';
import { useQueryProgress } from './queries/queryProgress';
import { useChainHead } from './queries/useChainHead';
import { useApprovalStore } from './stores/approvalStore';
import { useSession } from './stores/session';

/**
 * The account's approvals in force, read again at each new block while shown (as the head is
 * followed: at each block while worked on, now and then in the background; the scan then
 * finds the head moved by a block or two; the state and its context are read again, since a
 * spender can use an allowance without any approval event), never through a node on another
 * chain: `canRetry` is false then, and nothing is read until it answers for this one. `progress`
 * says how far a read under way has got (blocks scanned of all, then the state), else undefined.
 */
export function useAccountApprovals(network: Network, owner: Address | undefined, attention: Attention = 'working') {
  const store = useApprovalStore();
  const head = useChainHead(network, attention);
  const chainOk = head.data?.status === 'ok';
  const explorer = useSession((s) => s.explorers[network.id]);
  const query = useQuery({
    ...accountApprovalsQuery(network, store, owner, explorer),
    enabled: owner !== undefined && chainOk,
  });
  const latest = chainOk ? head.data?.blockNumber : undefined;
  const { data, isFetching, refetch } = query;
  const askedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined || data === undefined || isFetching || latest === data.head) return;
    const ask = `${owner}:${latest}`;
    if (askedFor.current === ask) return;
    askedFor.current = ask;
    void refetch({ cancelRefetch: false });
  }, [latest, owner, data, isFetching, refetch]);
  const progress = useQueryProgress<ApprovalsProgress>(approvalKeys.account(network, owner));
  return { ...query, canRetry: chainOk, progress };
}
