import { type FormEvent, useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { type ContactDraftErrors, parseContactDraft } from '@/core/addressBook/contactDraft';
import { useSelectedNetwork, useSession } from '@/lib/session';

/** "Add to address book" for an address that has no name yet; once saved, it says so in its place. */
export function AddContactInline({ address, onSaved }: { address: Address; onSaved?: () => void }) {
  const network = useSelectedNetwork();
  const contacts = useSession((s) => s.addressBook);
  const saveContact = useSession((s) => s.saveContact);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'network' | 'all'>('network');
  const [errors, setErrors] = useState<ContactDraftErrors>({});
  const [saved, setSaved] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseContactDraft({ name, address, networkId: scope === 'all' ? 'all' : network.id }, contacts, {
      newId: () => crypto.randomUUID(),
      now: Date.now(),
    });
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    onSaved?.();
    saveContact(result.contact);
    setSaved(result.contact.name);
  };

  return (
    <section className={ui.section} aria-labelledby="add-contact-title">
      <h2 id="add-contact-title">Add to address book</h2>
      {saved === undefined && (
        <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="add-contact-title">
          <Field label="Name" error={errors.name ?? errors.address}>
            <input type="text" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Use it on">
            <select value={scope} onChange={(e) => setScope(e.target.value as 'network' | 'all')}>
              <option value="network">{network.name} only</option>
              <option value="all">All EVM networks</option>
            </select>
          </Field>
          <div className={ui.actions}>
            <button type="submit">Save contact</button>
          </div>
        </form>
      )}
      {/* Present from the start, so the confirmation is announced where the form was. */}
      <p role="status">
        {saved !== undefined && (
          <>
            Saved to your address book as “<UntrustedText text={saved} kind="name" />
            ”.
          </>
        )}
      </p>
    </section>
  );
}
