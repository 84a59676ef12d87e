import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { ContactForm } from './ContactForm';

export function AddContactSection({ onAdded }: { onAdded(contact: Contact): void }) {
  return (
    <section className={ui.section} aria-labelledby="add-contact-title">
      <h2 id="add-contact-title">Add a contact</h2>
      <ContactForm contact={undefined} formLabel="Add a contact" submitLabel="Add contact" onSaved={onAdded} />
    </section>
  );
}
