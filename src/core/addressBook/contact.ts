import type { Address } from 'viem';
import { sameAddress } from '../keys/sameAddress';

/** A named address. `networkId` limits it to one network; 'all' means every EVM network. */
export type Contact = {
  id: string;
  name: string;
  address: Address;
  networkId: string | 'all';
  createdAt: number;
};

/** Contacts usable on a network: its own and the all-network ones. */
export function contactsFor(contacts: readonly Contact[], networkId: string): Contact[] {
  return contacts.filter((c) => c.networkId === 'all' || c.networkId === networkId);
}

/** The contact's name for an address on a network, if there is one. */
export function contactName(contacts: readonly Contact[], networkId: string, address: string): string | undefined {
  return contactsFor(contacts, networkId).find((c) => sameAddress(c.address, address))?.name;
}
