import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { type ContactDraftErrors, parseContactDraft } from '@/core/addressBook/contactDraft';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork, useSession, useWhenStored } from '@/lib/stores/session';
import { NetworkOptions } from './NetworkOptions';

/**
 * The contact form, to add (no `contact`) or edit. Errors show next to their field and what
 * was typed stays. Adding clears the name and address for the next contact.
 */
export function ContactForm({
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
  const t = useT('addressBook');
  const contacts = useSession((s) => s.addressBook);
  const networks = useSession((s) => s.networks);
  const saveContact = useSession((s) => s.saveContact);
  const whenStored = useWhenStored();
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

  const submit = async (event: FormEvent) => {
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
    if (await whenStored()) onSaved(parsed.contact);
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onCancel) onCancel();
  };

  return (
    <form className={ui.stack} onSubmit={submit} onKeyDown={cancelOnEscape} noValidate aria-label={formLabel}>
      <Field label={t('addressBook:form.name')} error={errors.name}>
        <input ref={nameInput} type="text" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </Field>
      <TextField
        label={t('addressBook:form.address')}
        hint={t('addressBook:form.addressHint')}
        error={errors.address}
        value={address}
        onChange={setAddress}
      />
      <Field label={t('addressBook:form.network')} hint={t('addressBook:form.networkHint')}>
        <select value={networkId} onChange={(e) => setChosenNetwork(e.target.value)}>
          <NetworkOptions networks={networks} current={networkId} />
        </select>
      </Field>
      <div className={ui.actions}>
        <button type="submit">{submitLabel}</button>
        {onCancel && (
          <button type="button" className={ui.secondary} onClick={onCancel}>
            {t('addressBook:form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
