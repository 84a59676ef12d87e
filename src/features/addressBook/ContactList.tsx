import type { RefObject } from 'react';
import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { ContactItem } from './ContactItem';

/** Which contact, if any, is being edited or removed: one at a time. */
export type Active = { id: string; mode: 'edit' | 'confirm' } | undefined;

function byName(a: Contact, b: Contact): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}

/** The contacts sorted by name, the one being edited or removed in its place; a hint when there are none. */
export function ContactList({
  contacts,
  active,
  onActive,
  onStatus,
  listHeading,
}: {
  contacts: readonly Contact[];
  active: Active;
  onActive(active: Active): void;
  onStatus(status: Message): void;
  listHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT('addressBook');
  if (contacts.length === 0) {
    return <p className={ui.muted}>{t('addressBook:contacts.none')}</p>;
  }
  return (
    <ul className={ui.plainList}>
      {[...contacts].sort(byName).map((contact) => (
        <ContactItem
          key={contact.id}
          contact={contact}
          mode={active?.id === contact.id ? active.mode : 'view'}
          onMode={(mode) => onActive(mode === 'view' ? undefined : { id: contact.id, mode })}
          onStatus={onStatus}
          listHeading={listHeading}
        />
      ))}
    </ul>
  );
}
