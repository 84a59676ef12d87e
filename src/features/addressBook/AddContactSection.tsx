import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { useT } from '@/lib/i18n';
import { ContactForm } from './ContactForm';

export function AddContactSection({ onAdded }: { onAdded(contact: Contact): void }) {
  const t = useT('addressBook');
  return (
    <section className={ui.section} aria-labelledby="add-contact-title">
      <h2 id="add-contact-title">{t('addressBook:add.title')}</h2>
      <ContactForm
        contact={undefined}
        formLabel={t('addressBook:add.title')}
        submitLabel={t('addressBook:add.submit')}
        onSaved={onAdded}
      />
    </section>
  );
}
