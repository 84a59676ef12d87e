import type { Contact } from '@/core/addressBook/contact';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';

/** The network a contact belongs to, including one since removed from Settings: a network's own name, or words. */
export function networkLabel(networks: readonly Network[], networkId: string): Message | string {
  if (networkId === 'all') return msg('addressBook:network.all');
  return (
    networks.find((n) => n.id === networkId)?.name ?? msg('addressBook:network.removed', { id: codeValue(networkId) })
  );
}

/** A contact's name as plain text, for labels and status lines. */
export function nameLabel(contact: Contact): string {
  return untrustedLabel(contact.name, 'name');
}
