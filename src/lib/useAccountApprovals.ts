import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { useApprovalStore } from './approvalStore';
import { accountApprovalsQuery } from './queries/approvalQueries';
import { useChainHead } from './useChainHead';

/**
 * The account's approvals in force, read again at each new block while shown (a scan that finds
 * the head unchanged costs one request), never through a node on another chain.
 */
export function useAccountApprovals(network: Network, owner: Address | undefined) {
  const store = useApprovalStore();
  const head = useChainHead(network);
  const chainOk = head.data?.status === 'ok';
  const query = useQuery({ ...accountApprovalsQuery(network, store, owner), enabled: owner !== undefined && chainOk });
  const latest = head.data?.blockNumber;
  const { data, isFetching, refetch } = query;
  const askedFor = useRef<bigint | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined || data === undefined || isFetching || latest === data.head) return;
    if (askedFor.current === latest) return;
    askedFor.current = latest;
    void refetch({ cancelRefetch: false });
  }, [latest, data, isFetching, refetch]);
  return query;
}
