import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import { isActive, type TxRecord } from '@/core/tx/record';
import type { TxStore } from '@/core/tx/txStore';
import { derivedFrom } from '@/lib/stores/derivedCache';
import { useTransactions } from '@/lib/stores/transactions';
import { recordKeys } from './localKeys';

const NO_RECORDS: TxRecord[] = [];

/**
 * An account's records on a network: those it sent, and the batches another of the person's
 * accounts sent for it (a passkey account's, whose gas another pays: record.batch).
 */
export function accountRecordsQuery(store: TxStore, network: Network, address: Address | undefined) {
  return queryOptions({
    queryKey: recordKeys.account(network, address),
    queryFn: async (): Promise<TxRecord[]> => {
      if (!address) return [];
      const [sent, onChain] = await Promise.all([
        store.forAccount(network.chainId, address),
        store.forChain(network.chainId),
      ]);
      const forIt = onChain.filter(
        (r) => r.batch && sameAddress(r.batch.account, address) && !sameAddress(r.from, address),
      );
      const all = forIt.length === 0 ? sent : [...sent, ...forIt].sort((a, b) => a.createdAt - b.createdAt);
      return all.filter((r) => r.networkId === network.id);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function networkRecordsQuery(store: TxStore, network: Network) {
  return queryOptions({
    queryKey: recordKeys.network(network),
    queryFn: async (): Promise<TxRecord[]> =>
      (await store.forChain(network.chainId)).filter((r) => r.networkId === network.id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Stored transaction records that no longer read back (damaged storage), as stored. */
export function useDamagedRecords(): unknown[] {
  const { store } = useTransactions();
  const { data } = useQuery({
    queryKey: recordKeys.damaged(),
    queryFn: () => store.damaged(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? [];
}

/** This account's transactions on a network, newest first. */
export function useAccountRecords(network: Network, address: Address | undefined): TxRecord[] {
  const { store } = useTransactions();
  const { data } = useQuery(accountRecordsQuery(store, network, address));
  // The same array while the records are the same, so what is derived from it is not rebuilt at
  // each render, nor when a screen opens again (the history's entries are kept by identity).
  return useMemo(() => derivedFrom(data ?? NO_RECORDS, 'newest first', [], () => [...(data ?? [])].reverse()), [data]);
}

/**
 * The record `id`, one of `address`'s on `network`, once it has settled (confirmed, failed,
 * replaced, dropped or rejected); undefined while it waits, or before it is sent.
 */
export function useSettledRecord(network: Network, address: Address | undefined, id: string | undefined) {
  const records = useAccountRecords(network, address);
  return id === undefined ? undefined : records.find((r) => r.id === id && !isActive(r));
}
