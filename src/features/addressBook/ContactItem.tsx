import { type RefObject, useEffect, useRef } from 'react';
import { AddressText } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession, useWhenStored } from '@/lib/stores/session';
import styles from './addressBook.module.css';
import { ContactForm } from './ContactForm';
import { nameLabel, networkLabel } from './contactLabels';
import { RemoveConfirmation } from './RemoveConfirmation';

export type ItemMode = 'view' | 'edit' | 'confirm';

/**
 * One contact: its name, full address and network, with Copy, Edit (inline) and Remove (after
 * a confirmation). Leaving the edit form or the confirmation puts focus back on its button.
 */
export function ContactItem({
  contact,
  mode,
  onMode,
  onStatus,
  listHeading,
}: {
  contact: Contact;
  mode: ItemMode;
  onMode(mode: ItemMode): void;
  onStatus(status: Message): void;
  listHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT('addressBook');
  const networks = useSession((s) => s.networks);
  const removeContact = useSession((s) => s.removeContact);
  const whenStored = useWhenStored();
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
  const remove = async () => {
    removeContact(contact.id);
    onMode('view');
    listHeading.current?.focus();
    if (await whenStored()) onStatus(msg('addressBook:status.removed', { name: label }));
  };

  return (
    <li className={ui.card}>
      <div className={ui.headerRow}>
        <h3 className={styles.contactName}>
          <UntrustedText text={contact.name} kind="name" truncate />
        </h3>
        <span className={ui.muted}>
          <NetworkName label={networkLabel(networks, contact.networkId)} />
        </span>
      </div>
      <p className={styles.address}>
        <AddressText address={contact.address} />
      </p>
      {mode === 'edit' && (
        <ContactForm
          contact={contact}
          formLabel={t('addressBook:contact.editNamed', { name: label })}
          submitLabel={t('addressBook:contact.save')}
          onSaved={(saved) => {
            onStatus(msg('addressBook:status.saved', { name: nameLabel(saved) }));
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
          <CopyButton
            value={contact.address}
            label={t('addressBook:contact.copy')}
            accessibleName={t('addressBook:contact.copyNamed', { name: label })}
          />
          <button
            ref={editButton}
            type="button"
            className={ui.secondary}
            onClick={() => onMode('edit')}
            aria-label={t('addressBook:contact.editNamed', { name: label })}
          >
            {t('addressBook:contact.edit')}
          </button>
          <button
            ref={removeButton}
            type="button"
            className={ui.dangerButton}
            onClick={() => onMode('confirm')}
            aria-label={t('addressBook:contact.removeNamed', { name: label })}
          >
            {t('addressBook:contact.remove')}
          </button>
        </div>
      )}
    </li>
  );
}

/** A network's own name (data, left untranslated) or words about it. */
function NetworkName({ label }: { label: Message | string }) {
  return typeof label === 'string' ? <bdi translate="no">{label}</bdi> : <T message={label} />;
}
