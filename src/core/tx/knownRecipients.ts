import type { Address } from 'viem';
import { type Contact, contactName, contactsFor } from '../addressBook/contact';
import type { TxRecord } from './record';
import type { KnownRecipient } from './safety';

/**
 * Addresses the person knows on a network, most trusted first, each once: contacts (with their
 * names), their own accounts (hidden ones too: a look-alike of any of them is a poisoning
 * attempt), past recipients, then counterparties of their synced history (`history`: only those
 * they really dealt with, never ones met only in suspicious entries). Look-alikes of any of them
 * are flagged; a first payment is one to none of them.
 */
export function knownRecipients(args: {
  networkId: string;
  contacts: readonly Contact[];
  accounts?: readonly { address: Address; name: string; hidden: boolean }[];
  records: readonly TxRecord[];
  history?: readonly Address[];
}): KnownRecipient[] {
  const known = new Map<string, KnownRecipient>();
  const add = (entry: KnownRecipient) => {
    const key = entry.address.toLowerCase();
    if (!known.has(key)) known.set(key, entry);
  };
  for (const contact of contactsFor(args.contacts, args.networkId))
    add({ address: contact.address, name: contact.name, source: 'contact' });
  const accounts = args.accounts ?? [];
  for (const account of accounts.filter((a) => !a.hidden))
    add({ address: account.address, name: account.name, source: 'account' });
  for (const account of accounts.filter((a) => a.hidden))
    add({ address: account.address, name: account.name, source: 'hidden-account' });
  for (const record of args.records) {
    const recipient = record.intent?.recipient;
    if (recipient)
      add({ address: recipient, name: contactName(args.contacts, args.networkId, recipient), source: 'recipient' });
  }
  for (const address of args.history ?? []) add({ address, name: undefined, source: 'history' });
  return [...known.values()];
}
