import type { Contact } from './contact';
import { findClash } from './contactDraft';

/**
 * Adds the incoming contacts that are not already there: an entry is skipped when the same
 * address is already named on an overlapping network ('all' overlaps every network), by the
 * existing contacts or by an earlier incoming one. Existing contacts are kept unchanged.
 */
export function mergeContacts(
  existing: readonly Contact[],
  incoming: readonly Contact[],
): { contacts: Contact[]; added: number; skipped: number } {
  const contacts = [...existing];
  let skipped = 0;
  for (const contact of incoming) {
    if (findClash(contacts, contact.address, contact.networkId)) skipped += 1;
    else contacts.push(contact);
  }
  return { contacts, added: contacts.length - existing.length, skipped };
}
