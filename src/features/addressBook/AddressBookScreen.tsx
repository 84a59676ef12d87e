import { useRef, useState } from 'react';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { useSession } from '@/lib/session';
import { AddContactSection } from './AddContactSection';
import { type Active, ContactList } from './ContactList';
import { nameLabel } from './contactLabels';
import { FilesSection } from './FilesSection';

/**
 * The address book: named addresses, for one network or for every EVM network. Add, edit,
 * remove, copy, and import or export them as JSON or CSV. Everything stays on this device.
 */
export function AddressBookScreen() {
  const contacts = useSession((s) => s.addressBook);
  const [active, setActive] = useState<Active>();
  const [status, setStatus] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  return (
    <Screen title="Address book">
      <p className={ui.muted}>
        Names for the addresses you send to, kept on this device only. Cairn shows the name wherever the address
        appears.
      </p>
      <AddContactSection onAdded={(contact) => setStatus(`Added ${nameLabel(contact)}.`)} />
      <section className={ui.section} aria-labelledby="contacts-title">
        <h2 id="contacts-title" ref={listHeading} tabIndex={-1}>
          Contacts
        </h2>
        <p role="status">{status}</p>
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
