import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { Field } from '@/components/Field';
import { Screen } from '@/components/Screen';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { type ContactDraftErrors, parseContactDraft } from '@/core/addressBook/contactDraft';
import type { Network } from '@/core/chain/networks';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useSelectedNetwork, useSession } from '@/lib/session';
import styles from './addressBook.module.css';
import { FilesSection } from './FilesSection';

/** Which contact, if any, is being edited or removed: one at a time. */
type Active = { id: string; mode: 'edit' | 'confirm' } | undefined;

function networkLabel(networks: readonly Network[], networkId: string): string {
  if (networkId === 'all') return 'All networks';
  return networks.find((n) => n.id === networkId)?.name ?? `A removed network (${networkId})`;
}

/** A contact's name as plain text, for labels and status lines. */
function nameLabel(contact: Contact): string {
  return untrustedLabel(contact.name, 'name');
}

function byName(a: Contact, b: Contact): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}

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

function AddContactSection({ onAdded }: { onAdded(contact: Contact): void }) {
  return (
    <section className={ui.section} aria-labelledby="add-contact-title">
      <h2 id="add-contact-title">Add a contact</h2>
      <ContactForm contact={undefined} formLabel="Add a contact" submitLabel="Add contact" onSaved={onAdded} />
    </section>
  );
}

/**
 * The contact form, to add (no `contact`) or edit. Errors show next to their field and what
 * was typed stays. Adding clears the name and address for the next contact.
 */
function ContactForm({
  contact,
  formLabel,
  submitLabel,
  onSaved,
  onCancel,
}: {
  contact: Contact | undefined;
  formLabel: string;
  submitLabel: string;
  onSaved(contact: Contact): void;
  onCancel?: () => void;
}) {
  const contacts = useSession((s) => s.addressBook);
  const networks = useSession((s) => s.networks);
  const saveContact = useSession((s) => s.saveContact);
  const selected = useSelectedNetwork();
  const [name, setName] = useState(contact?.name ?? '');
  const [address, setAddress] = useState<string>(contact?.address ?? '');
  // Until a network is chosen, a new contact follows the network selected in the header.
  const [chosenNetwork, setChosenNetwork] = useState(contact?.networkId);
  const [errors, setErrors] = useState<ContactDraftErrors>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const networkId = chosenNetwork ?? selected.id;
  const editing = contact !== undefined;

  useEffect(() => {
    if (editing) nameInput.current?.focus();
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseContactDraft({ name, address, networkId }, contacts, {
      id: contact?.id,
      newId: () => crypto.randomUUID(),
      now: Date.now(),
    });
    if (!parsed.contact) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    saveContact(parsed.contact);
    if (!contact) {
      setName('');
      setAddress('');
      nameInput.current?.focus();
    }
    onSaved(parsed.contact);
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onCancel) onCancel();
  };

  return (
    <form className={ui.stack} onSubmit={submit} onKeyDown={cancelOnEscape} noValidate aria-label={formLabel}>
      <Field label="Name" error={errors.name}>
        <input ref={nameInput} type="text" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        label="Address"
        hint="0x followed by 40 hex digits. Paste it rather than typing it."
        error={errors.address}
      >
        <input
          type="text"
          value={address}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => setAddress(e.target.value)}
        />
      </Field>
      <Field
        label="Network"
        hint="An address you control everywhere, such as your own account, suits all networks; a contract usually exists on one network only."
      >
        <select value={networkId} onChange={(e) => setChosenNetwork(e.target.value)}>
          <NetworkOptions networks={networks} current={networkId} />
        </select>
      </Field>
      <div className={ui.actions}>
        <button type="submit">{submitLabel}</button>
        {onCancel && (
          <button type="button" className={ui.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** "All EVM networks", each network, and the contact's own network if it has since been removed. */
function NetworkOptions({ networks, current }: { networks: readonly Network[]; current: string }) {
  const missing = current !== 'all' && !networks.some((n) => n.id === current);
  return (
    <>
      <option value="all">All EVM networks</option>
      {networks.map((network) => (
        <option key={network.id} value={network.id}>
          {network.name}
        </option>
      ))}
      {missing && <option value={current}>{networkLabel(networks, current)}</option>}
    </>
  );
}

function ContactList({
  contacts,
  active,
  onActive,
  onStatus,
  listHeading,
}: {
  contacts: readonly Contact[];
  active: Active;
  onActive(active: Active): void;
  onStatus(status: string): void;
  listHeading: RefObject<HTMLHeadingElement | null>;
}) {
  if (contacts.length === 0) {
    return <p className={ui.muted}>No contacts yet. Add one above, or import a file below.</p>;
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

type ItemMode = 'view' | 'edit' | 'confirm';

/**
 * One contact: its name, full address and network, with Copy, Edit (inline) and Remove (after
 * a confirmation). Leaving the edit form or the confirmation puts focus back on its button.
 */
function ContactItem({
  contact,
  mode,
  onMode,
  onStatus,
  listHeading,
}: {
  contact: Contact;
  mode: ItemMode;
  onMode(mode: ItemMode): void;
  onStatus(status: string): void;
  listHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const networks = useSession((s) => s.networks);
  const removeContact = useSession((s) => s.removeContact);
  const editButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const focusOnReturn = useRef<RefObject<HTMLButtonElement | null>>(undefined);
  const label = nameLabel(contact);

  useEffect(() => {
    if (mode !== 'view' || !focusOnReturn.current) return;
    focusOnReturn.current.current?.focus();
    focusOnReturn.current = undefined;
  }, [mode]);

  const backTo = (button: RefObject<HTMLButtonElement | null>) => {
    focusOnReturn.current = button;
    onMode('view');
  };
  const remove = () => {
    removeContact(contact.id);
    onMode('view');
    onStatus(`Removed ${label}.`);
    listHeading.current?.focus();
  };

  return (
    <li className={ui.card}>
      <div className={ui.headerRow}>
        <h3 className={styles.contactName}>
          <UntrustedText text={contact.name} kind="name" />
        </h3>
        <span className={ui.muted}>{networkLabel(networks, contact.networkId)}</span>
      </div>
      <p className={styles.address}>
        <AddressText address={contact.address} />
      </p>
      {mode === 'edit' && (
        <ContactForm
          contact={contact}
          formLabel={`Edit ${label}`}
          submitLabel="Save"
          onSaved={(saved) => {
            onStatus(`Saved ${nameLabel(saved)}.`);
            backTo(editButton);
          }}
          onCancel={() => backTo(editButton)}
        />
      )}
      {mode === 'confirm' && (
        <RemoveConfirmation name={label} onRemove={remove} onCancel={() => backTo(removeButton)} />
      )}
      {mode === 'view' && (
        <div className={ui.actions}>
          <CopyButton value={contact.address} label="Copy address" accessibleName={`Copy the address of ${label}`} />
          <button
            ref={editButton}
            type="button"
            className={ui.secondary}
            onClick={() => onMode('edit')}
            aria-label={`Edit ${label}`}
          >
            Edit
          </button>
          <button
            ref={removeButton}
            type="button"
            className={ui.dangerButton}
            onClick={() => onMode('confirm')}
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

/** "Remove Alice?" with the two ways out; focus starts on Cancel so a stray Enter removes nothing. */
function RemoveConfirmation({ name, onRemove, onCancel }: { name: string; onRemove(): void; onCancel(): void }) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelButton.current?.focus();
  }, []);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <fieldset className={`${ui.noticeWarning} ${styles.confirm}`} onKeyDown={cancelOnEscape}>
      <legend>Remove {name}?</legend>
      <div className={ui.actions}>
        <button type="button" className={ui.dangerButton} onClick={onRemove}>
          Remove contact
        </button>
        <button ref={cancelButton} type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
