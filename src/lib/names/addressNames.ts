import { useMemo } from 'react';
import { contactsFor } from '@/core/addressBook/contact';
import type { Network } from '@/core/chain/networks';
import { useSession } from '../stores/session';
import { useVault } from '../vault/vault';

/** The name the person gave an address: one of their accounts, or an address-book contact on this network. */
export function useAddressNames(network: Network): (address: string | undefined) => string | undefined {
  const contacts = useSession((s) => s.addressBook);
  const accounts = useVault((s) => s.accounts);
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const contact of contactsFor(contacts, network.id)) names.set(contact.address.toLowerCase(), contact.name);
    for (const account of accounts) names.set(account.address.toLowerCase(), account.name);
    return (address) => (address ? names.get(address.toLowerCase()) : undefined);
  }, [contacts, accounts, network.id]);
}
