import { type FormEvent, useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type ContactDraftErrors, parseContactDraft } from '@/core/addressBook/contactDraft';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork, useSession, useWhenStored } from '@/lib/stores/session';

/** "Add to address book" for an address that has no name yet; once saved, it says so in its place. */
export function AddContactInline({ address, onSaved }: { address: Address; onSaved?: () => void }) {
  const t = useT('explorer');
  const network = useSelectedNetwork();
  const contacts = useSession((s) => s.addressBook);
  const saveContact = useSession((s) => s.saveContact);
  const whenStored = useWhenStored();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'network' | 'all'>('network');
  const [errors, setErrors] = useState<ContactDraftErrors>({});
  const [saved, setSaved] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = parseContactDraft({ name, address, networkId: scope === 'all' ? 'all' : network.id }, contacts, {
      newId: () => crypto.randomUUID(),
      now: Date.now(),
    });
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    // Before saving: once the address has a name, the screen keeps this only if told first.
    onSaved?.();
    saveContact(result.contact);
    if (await whenStored()) setSaved(result.contact.name);
  };

  const error = errors.name ?? errors.address;
  return (
    <section className={ui.section} aria-labelledby="add-contact-title">
      <h2 id="add-contact-title">{t('explorer:contact.title')}</h2>
      {saved === undefined && (
        <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="add-contact-title">
          <Field label={t('explorer:contact.name')} error={error}>
            <input type="text" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={t('explorer:contact.scope')}>
            <select value={scope} onChange={(e) => setScope(e.target.value as 'network' | 'all')}>
              <option value="network">
                {t('explorer:contact.scopeNetwork', { network: untrustedValue(network.name, 'name') })}
              </option>
              <option value="all">{t('explorer:contact.scopeAll')}</option>
            </select>
          </Field>
          <div className={ui.actions}>
            <button type="submit">{t('explorer:contact.save')}</button>
          </div>
        </form>
      )}
      {/* Present from the start, so the confirmation is announced where the form was. */}
      <p role="status">
        {saved !== undefined && <T id="explorer:contact.saved" values={{ name: untrustedValue(saved, 'name') }} />}
      </p>
    </section>
  );
}
