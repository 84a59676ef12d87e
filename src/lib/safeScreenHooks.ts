import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address, Hex } from 'viem';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import type { StoredSafeTx } from '@/core/safe/pendingSafeTx';
import { fromStoredSafeTx, type PendingSafeTx } from '@/core/safe/pendingSafeTx';
import { safeHistoryQuery } from './queries/safeHistoryQueries';
import { safeApprovalsQuery, safeStateQuery } from './queries/safeQueries';
import { useChainHead } from './queries/useChainHead';
import { useSession } from './stores/session';

/** The number of the network's latest block, as the shared head has it; undefined while unread. */
export function useHeadNumber(network: Network): bigint | undefined {
  const head = useChainHead(network);
  return head.data?.status === 'ok' ? head.data.block.number : undefined;
}

/**
 * A Safe as the node says it is at the latest block (owners, threshold, nonce, code), read again
 * at each new one. `allowUnknown`: the Safe was added through the advanced choice.
 */
export function useSafeState(network: Network, safe: Address, allowUnknown: boolean) {
  const block = useHeadNumber(network);
  return useQuery(safeStateQuery(network, safe, block, allowUnknown));
}

/** The owners who approved `hash` on-chain, at the latest block; nothing read while `enabled` is false. */
export function useSafeApprovals(
  network: Network,
  safe: Address,
  hash: Hex,
  owners: readonly Address[],
  enabled: boolean,
) {
  const block = useHeadNumber(network);
  return useQuery({ ...safeApprovalsQuery(network, safe, hash, owners, block), enabled });
}

/**
 * The Safe's own history (its events, newest first), brought up to each block the shared head
 * brings: only the new blocks' logs are read, and nothing while no Safe screen shows it.
 */
export function useSafeHistory(network: Network, safe: Address) {
  const head = useChainHead(network);
  const block = head.data?.status === 'ok' ? head.data.block : undefined;
  return useQuery(safeHistoryQuery(useQueryClient(), network, safe, block));
}

const NONE: StoredSafeTx[] = [];

/** Every Safe transaction Cairn keeps, read back (one that no longer reads is left out). */
export function useAllKeptSafeTxs(): PendingSafeTx[] {
  const stored = useSession((s) => s.safeTransactions ?? NONE);
  return useMemo(() => stored.map(fromStoredSafeTx).filter((p): p is PendingSafeTx => p !== undefined), [stored]);
}

/** The Safe transactions kept for `safe` on the chain `chainId`, newest first (highest nonce, then latest kept). */
export function useKeptSafeTxs(chainId: number, safe: Address): PendingSafeTx[] {
  const all = useAllKeptSafeTxs();
  return useMemo(
    () =>
      all
        .filter((p) => p.chainId === chainId && sameAddress(p.safe, safe))
        .sort((a, b) => (a.tx.nonce === b.tx.nonce ? b.createdAt - a.createdAt : a.tx.nonce > b.tx.nonce ? -1 : 1)),
    [all, chainId, safe],
  );
}

/** The kept transactions' actions (keep with signatures, mark, remove), from the session store. */
export function useSafeTxActions() {
  const keepSafeTx = useSession((s) => s.keepSafeTx);
  const markSafeTx = useSession((s) => s.markSafeTx);
  const removeSafeTx = useSession((s) => s.removeSafeTx);
  return { keepSafeTx, markSafeTx, removeSafeTx };
}

/** Each owner with the person's account at its address, if one is. */
export function ownersWithAccounts(
  owners: readonly Address[],
  accounts: readonly Account[],
): { owner: Address; account: Account | undefined }[] {
  return owners.map((owner) => ({ owner, account: accounts.find((a) => sameAddress(a.address, owner)) }));
}
