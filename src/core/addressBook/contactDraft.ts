import type { Address } from 'viem';
import { isCairnError } from '../errors/base';
import { type Message, msg, untrustedValue } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { sameAddress } from '../keys/sameAddress';
import type { Contact } from './contact';

/** The contact form as typed. `networkId` is a network id or 'all'. */
export type ContactDraft = { name: string; address: string; networkId: string };

/** One message per faulty field of the contact form. */
export type ContactDraftErrors = { name?: Message; address?: Message };

/** The longest contact name, in characters (Unicode code points). */
export const MAX_CONTACT_NAME_LENGTH = 40;

/**
 * Checks a contact name: the trimmed text, or a message saying what is wrong with it. Length
 * counts characters as a person sees them (code points), so an emoji counts once.
 */
export function checkContactName(text: string): { name: string } | { problem: Message } {
  const name = text.trim();
  if (name.length === 0) return { problem: msg('core.chain:contacts.name.empty') };
  const length = [...name].length;
  if (length > MAX_CONTACT_NAME_LENGTH) {
    return { problem: msg('core.chain:contacts.name.tooLong', { max: MAX_CONTACT_NAME_LENGTH, length }) };
  }
  return { name };
}

/** Checks an address (EIP-55 enforced on mixed case): the checksummed address, or the error's text. */
export function checkContactAddress(text: string): { address: Address } | { problem: Message } {
  try {
    return { address: parseAddress(text) };
  } catch (error) {
    if (isCairnError(error)) return { problem: error.text };
    throw error;
  }
}

/** True when two network choices can apply to the same network ('all' overlaps every network). */
export function networksOverlap(a: string, b: string): boolean {
  return a === 'all' || b === 'all' || a === b;
}

/**
 * The contact, other than the one with `exceptId`, that already names this address on an
 * overlapping network: two such contacts would make the name shown for the address ambiguous.
 */
export function findClash(
  contacts: readonly Contact[],
  address: string,
  networkId: string,
  exceptId?: string,
): Contact | undefined {
  return contacts.find(
    (c) => c.id !== exceptId && sameAddress(c.address, address) && networksOverlap(c.networkId, networkId),
  );
}

/**
 * Checks the contact form against the address book. With `options.id` it edits that contact
 * (keeping its creation time); without, it creates one with `newId()` at `now`. Returns the
 * contact, or a message per faulty field. Pure: nothing is saved.
 */
export function parseContactDraft(
  draft: ContactDraft,
  existing: readonly Contact[],
  options: { id?: string; newId(): string; now: number },
): { contact: Contact; errors?: undefined } | { contact?: undefined; errors: ContactDraftErrors } {
  const errors: ContactDraftErrors = {};
  const name = checkContactName(draft.name);
  if ('problem' in name) errors.name = name.problem;
  const address = checkContactAddress(draft.address);
  if ('problem' in address) {
    errors.address = address.problem;
  } else {
    const clash = findClash(existing, address.address, draft.networkId, options.id);
    if (clash) errors.address = msg('core.chain:contacts.address.clash', { name: untrustedValue(clash.name, 'name') });
  }
  if ('problem' in name || 'problem' in address || errors.address) return { errors };

  const previous = options.id === undefined ? undefined : existing.find((c) => c.id === options.id);
  return {
    contact: {
      id: options.id ?? options.newId(),
      name: name.name,
      address: address.address,
      networkId: draft.networkId,
      createdAt: previous?.createdAt ?? options.now,
    },
  };
}
