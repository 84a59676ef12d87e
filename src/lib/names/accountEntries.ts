import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { type ActivityEntry, buildEntries } from '@/core/activity/entries';
import type { ActivityItem } from '@/core/activity/item';
import { contactsFor } from '@/core/addressBook/contact';
import { listedTokens } from '@/core/assets/catalogue';
import type { TokenInfo } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import type { TxRecord } from '@/core/tx/record';
import { useAccountItems } from '../queries/activityQueries';
import { storedApprovalEventsQuery } from '../queries/approvalKeys';
import { useAccountRecords } from '../queries/recordQueries';
import { useApprovalStore } from '../stores/approvalStore';
import { derivedFrom } from '../stores/derivedCache';
import { useSession } from '../stores/session';
import { useVault } from '../vault/vault';

const EMPTY_TOKENS: TokenInfo[] = [];
const NO_ITEMS: ActivityItem[] = [];
const NO_ENTRIES: ActivityEntry[] = [];

/**
 * One account's history on a network as entries, with possible spam and address poisoning
 * flagged against what the person knows: their tokens, contacts, accounts (hidden ones too) and
 * past recipients; transactions that granted or withdrew approvals are marked. Activity lists these; Send reads the counterparties from them.
 */
export function useAccountEntries(
  network: Network,
  account: Address | undefined,
): { entries: ActivityEntry[]; loading: boolean; error: unknown; reload: () => void } {
  const items = useAccountItems(network, account);
  const records = useAccountRecords(network, account);
  const contacts = useSession((s) => s.addressBook);
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY_TOKENS);
  const accounts = useVault((s) => s.accounts);
  const approvalEvents = useQuery(storedApprovalEventsQuery(network, useApprovalStore(), account)).data;

  // Kept with the stored items they came from: Activity opened again on the same history (and
  // Send beside it) finds them made, rather than grouping 100,000 items once more.
  const entries = useMemo((): ActivityEntry[] => {
    if (!account) return NO_ENTRIES;
    const inputs = [records, contacts, accounts, custom, network, approvalEvents];
    return derivedFrom(items.data ?? NO_ITEMS, `entries:${account}`, inputs, () => {
      const knownTokens = new Set([...listedTokens(network), ...custom].map((t) => t.address.toLowerCase()));
      const knownAddresses = [
        ...contactsFor(contacts, network.id).map((c) => c.address),
        ...accounts.map((a) => a.address as Address),
        ...recipients(records),
      ];
      return buildEntries({
        networkId: network.id,
        account,
        items: items.data ?? [],
        records,
        knownTokens,
        knownAddresses,
        approvalEvents,
      });
    });
  }, [account, items.data, records, contacts, accounts, custom, network, approvalEvents]);
  const { refetch } = items;
  // While the account is unknown nothing is read: not loading.
  return {
    entries,
    loading: account !== undefined && items.isPending && !items.isError,
    error: items.error ?? undefined,
    reload: () => void refetch(),
  };
}

/**
 * Every recipient the person chose in a record, whatever became of the transaction: failed,
 * dropped and refused ones too, unlike countsAsSentTo (core/tx/record.ts), which decides who is
 * "known" and so silences warnings. Here the addresses only serve look-alike detection, which
 * adds flags and never removes one: a poisoner imitating an address the person once typed is a
 * danger whether or not that payment went through.
 */
function recipients(records: readonly TxRecord[]): Address[] {
  return records.flatMap((r) => (r.intent ? [r.intent.recipient] : []));
}
