import type { Address } from 'viem';
import { type Contact, contactName, contactsFor } from '../addressBook/contact';
import { countsAsSentTo, type TxRecord } from './record';
import type { KnownRecipient } from './safety';

/**
 * The one home of "which addresses does the person know" on a network, most trusted first, each
 * once: contacts (with their names), their own accounts (hidden ones too: a look-alike of any of
 * them is a poisoning attempt), the recipients of what they sent through Cairn (confirmed or on
 * its way: one that failed, was replaced, dropped or refused sent nothing, see countsAsSentTo), then the addresses their synced history shows them sending to
 * (`history`, from historyCounterparties). Nothing else makes an address known: not a transfer
 * it sent in (a drainer's 1-wei transfer must silence no warning), not a saved ABI. Last come the
 * addresses that only sent to them (`senders`), listed as met but not known (countsAsKnown).
 * Look-alikes of any of them are flagged; a first payment is one to none of the known ones.
 */
export function knownRecipients(args: {
  networkId: string;
  contacts: readonly Contact[];
  accounts?: readonly { address: Address; name: string; hidden: boolean }[];
  records: readonly TxRecord[];
  history?: readonly Address[];
  /** Addresses that only sent to the person (historyCounterparties' `senders`): met, not known. */
  senders?: readonly Address[];
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
    const recipient = countsAsSentTo(record.status) ? record.intent?.recipient : undefined;
    if (recipient)
      add({ address: recipient, name: contactName(args.contacts, args.networkId, recipient), source: 'recipient' });
  }
  for (const address of args.history ?? []) add({ address, name: undefined, source: 'history' });
  for (const address of args.senders ?? []) add({ address, name: undefined, source: 'sender' });
  return [...known.values()];
}
