import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { historyCounterparties } from '@/core/activity/counterparties';
import type { Network } from '@/core/chain/networks';
import { knownRecipients } from '@/core/tx/knownRecipients';
import { countsAsKnown, type KnownRecipient } from '@/core/tx/safety';
import { networkRecordsQuery } from '../queries/recordQueries';
import { useSession } from '../stores/session';
import { useTransactions } from '../stores/transactions';
import { useVault } from '../vault/vault';
import { useAccountEntries } from './accountEntries';

const NO_ABIS: never[] = [];

/**
 * The addresses the person knows on a network, seen from one account (see knownRecipients):
 * contacts, their accounts, past recipients and whom that account's history shows it sending to
 * (then those that only sent to it, met but not known), plus the addresses met there only in
 * suspicious entries (poisoners).
 */
export function useKnownRecipients(
  network: Network,
  account: Address | undefined,
): { known: KnownRecipient[]; suspicious: Address[] } {
  const accounts = useVault((s) => s.accounts);
  const contacts = useSession((s) => s.addressBook);
  const { store } = useTransactions();
  const records = useQuery(networkRecordsQuery(store, network)).data;
  const { entries } = useAccountEntries(network, account);
  const history = useMemo(
    () => (account ? historyCounterparties(entries, account) : { dealtWith: [], senders: [], suspicious: [] }),
    [entries, account],
  );
  const known = useMemo(
    () =>
      knownRecipients({
        networkId: network.id,
        contacts,
        accounts: accounts.map((a) => ({ address: a.address as Address, name: a.name, hidden: a.hidden })),
        records: records ?? [],
        history: history.dealtWith,
        senders: history.senders,
      }),
    [network, contacts, accounts, records, history],
  );
  return { known, suspicious: history.suspicious };
}

/**
 * Every address a preview may call known (lower case): the known recipients above, and nothing
 * else (a contract whose ABI the person saved is named in the preview, but not known by that).
 */
export function useKnownAddressSet(network: Network, account: Address | undefined): ReadonlySet<string> {
  const { known } = useKnownRecipients(network, account);
  return useMemo(
    () => new Set(known.filter((k) => countsAsKnown(k.source)).map((k) => k.address.toLowerCase())),
    [known],
  );
}

/** The contracts whose ABI the person saved on this network (lower case). */
export function useSavedContracts(network: Network): ReadonlySet<string> {
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_ABIS);
  return useMemo(() => new Set(saved.map((s) => s.address.toLowerCase())), [saved]);
}
