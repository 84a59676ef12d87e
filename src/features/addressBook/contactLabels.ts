import type { Contact } from '@/core/addressBook/contact';
import type { Network } from '@/core/chain/networks';
import { untrustedLabel } from '@/core/text/untrustedText';

/** The network a contact belongs to, in words, including one since removed from Settings. */
export function networkLabel(networks: readonly Network[], networkId: string): string {
  if (networkId === 'all') return 'All networks';
  return networks.find((n) => n.id === networkId)?.name ?? `A removed network (${networkId})`;
}

/** A contact's name as plain text, for labels and status lines. */
export function nameLabel(contact: Contact): string {
  return untrustedLabel(contact.name, 'name');
}
