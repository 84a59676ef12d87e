import { useRef, useState } from 'react';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { AddContactSection } from './AddContactSection';
import { type Active, ContactList } from './ContactList';
import { nameLabel } from './contactLabels';
import { FilesSection } from './FilesSection';

/**
 * The address book: named addresses, for one network or for every EVM network. Add, edit,
 * remove, copy, and import or export them as JSON or CSV. Everything stays on this device.
 */
export function AddressBookScreen() {
  const t = useT('addressBook');
  const contacts = useSession((s) => s.addressBook);
  const [active, setActive] = useState<Active>();
  const [status, setStatus] = useState<Message>();
  const listHeading = useRef<HTMLHeadingElement>(null);

  return (
    <Screen title={t('addressBook:title')}>
      <p className={ui.muted}>{t('addressBook:intro')}</p>
      <AddContactSection
        onAdded={(contact) => setStatus(msg('addressBook:status.added', { name: nameLabel(contact) }))}
      />
      <section className={ui.section} aria-labelledby="contacts-title">
        <h2 id="contacts-title" ref={listHeading} tabIndex={-1}>
          {t('addressBook:contacts.title')}
        </h2>
        <p role="status">{status && <T message={status} />}</p>
        <ContactList
          contacts={contacts}
          active={active}
          onActive={setActive}
          onStatus={setStatus}
          listHeading={listHeading}
        />
      </section>
      <FilesSection contacts={contacts} />
    </Screen>
  );
}
