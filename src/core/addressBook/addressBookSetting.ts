import { isAddress } from 'viem';
import { checkedItems, type SettingsError } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord } from '../text/guards';
import type { Contact } from './contact';
import { mergeContacts } from './contactMerge';

function isContact(value: unknown): value is Contact {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.address === 'string' &&
    isAddress(value.address, { strict: false }) &&
    typeof value.networkId === 'string' &&
    typeof value.createdAt === 'number'
  );
}

/** The address book, shared by every window of the profile (see core/storage/syncedSettings). */
export const addressBookSetting = {
  key: 'addressBook' as const,
  initial: [] as Contact[],
  read: (stored: unknown, dropped?: (error: SettingsError) => void): Contact[] =>
    checkedItems('addressBook', (items) => items.list(stored, isContact), dropped),
  actions: (change: (fn: (book: Contact[]) => Contact[]) => void, current: () => Contact[]) => ({
    /** Adds or replaces (same id) a contact. */
    saveContact(contact: Contact): void {
      change((book) => [...book.filter((c) => c.id !== contact.id), contact]);
    },
    removeContact(id: string): void {
      change((book) => book.filter((c) => c.id !== id));
    },
    /**
     * Adds imported contacts that are not already there, merged into the address book as stored
     * (another window may have changed it since this one read it). Returns what this window saw
     * added and skipped.
     */
    importContacts(incoming: readonly Contact[]): { added: number; skipped: number } {
      const { added, skipped } = mergeContacts(current(), incoming);
      if (added > 0) change((book) => mergeContacts(book, incoming).contacts);
      return { added, skipped };
    },
  }),
} satisfies SyncedSetting<'addressBook', Contact[], object>;
