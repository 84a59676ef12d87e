// Page object for the address book: the add form, the contact list (edit, remove), and the
// import and export of JSON and CSV files. Also the Send recipient's contact suggestions.

import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { Settings } from './Settings.ts';

/** A contact as the list shows it: name, network label ("Local chain", "All networks") and full address. */
export type ShownContact = { name: string; network: string; address: string };

export type ContactInput = {
  name: string;
  address: string /** The option label, e.g. "All EVM networks". */;
  network?: string;
};

/** A file as read from a download, ready to be given back to a file input. */
export type SavedFile = { name: string; mimeType: string; buffer: Buffer; text: string };

export class AddressBook {
  readonly screen: Locator;
  readonly addForm: Locator;
  readonly contactsRegion: Locator;
  readonly contactItems: Locator;
  /** The line under "Contacts" that says what was just added, saved or removed. */
  readonly status: Locator;
  readonly files: Locator;
  readonly importInput: Locator;
  /** What the last import did: the summary and the problems found in the file. */
  readonly importReport: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByRole('region', { name: 'Address book', exact: true });
    this.addForm = page.getByRole('form', { name: 'Add a contact', exact: true });
    this.contactsRegion = page.getByRole('region', { name: 'Contacts', exact: true });
    this.contactItems = this.contactsRegion.getByRole('listitem');
    // The first status in the region; each card's copy button has its own, later on.
    this.status = this.contactsRegion.getByRole('status').first();
    this.files = page.getByRole('region', { name: 'Import and export', exact: true });
    this.importInput = this.files.getByLabel('Import contacts (JSON or CSV)', { exact: true });
    this.importReport = this.files.getByRole('status');
  }

  /** Opens the screen the way a person does: Settings, then its Address book section. */
  async open(): Promise<void> {
    await new Settings(this.page).open('Address book');
  }

  field(form: Locator, label: string): Locator {
    return form.getByLabel(label, { exact: true });
  }

  /** Fills a contact form (add or edit) and submits it; fields left out are not touched. */
  async fillAndSubmit(form: Locator, contact: Partial<ContactInput>, submit: string): Promise<void> {
    if (contact.name !== undefined) await this.field(form, 'Name').fill(contact.name);
    if (contact.address !== undefined) await this.field(form, 'Address').fill(contact.address);
    if (contact.network !== undefined) await this.field(form, 'Network').selectOption({ label: contact.network });
    await form.getByRole('button', { name: submit, exact: true }).click();
  }

  /** Adds a contact and waits until the list shows it. */
  async add(contact: ContactInput): Promise<void> {
    await this.fillAndSubmit(this.addForm, contact, 'Add contact');
    await this.status.filter({ hasText: `Added ${contact.name.trim()}.` }).waitFor();
  }

  /** The contact's card in the list, found by its name (its heading). */
  contact(name: string): Locator {
    return this.contactItems.filter({
      has: this.page.getByRole('heading', { level: 3, name, exact: true }),
    });
  }

  editForm(name: string): Locator {
    return this.page.getByRole('form', { name: `Edit ${name}`, exact: true });
  }

  /** Opens the inline edit form of a contact, changes what is given, saves, and waits until it is said stored. */
  async edit(name: string, changes: Partial<ContactInput>): Promise<void> {
    await this.contactsRegion.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const form = this.editForm(name);
    await this.fillAndSubmit(form, changes, 'Save');
    await form.waitFor({ state: 'detached' });
    await this.status.filter({ hasText: `Saved ${(changes.name ?? name).trim()}.` }).waitFor();
  }

  /** The confirmation shown after "Remove": a group named "Remove <name>?". */
  removeConfirmation(name: string): Locator {
    return this.contactsRegion.getByRole('group', { name: `Remove ${name}?`, exact: true });
  }

  async askToRemove(name: string): Promise<Locator> {
    await this.contactsRegion.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    const confirmation = this.removeConfirmation(name);
    await confirmation.waitFor();
    return confirmation;
  }

  /** Removes a contact, confirming it. */
  async remove(name: string): Promise<void> {
    const confirmation = await this.askToRemove(name);
    await confirmation.getByRole('button', { name: 'Remove contact', exact: true }).click();
    await this.status.filter({ hasText: `Removed ${name}.` }).waitFor();
  }

  /** The contacts as listed, in the order shown. */
  async contacts(): Promise<ShownContact[]> {
    const shown: ShownContact[] = [];
    for (const item of await this.contactItems.all()) {
      const name = ((await item.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
      const text = (await item.textContent()) ?? '';
      const address = /0x[0-9a-fA-F]{40}/.exec(text)?.[0] ?? '';
      // The card reads: name, network label, then the address.
      const afterName = text.slice(text.indexOf(name) + name.length);
      const network = afterName.slice(0, afterName.indexOf('0x')).trim();
      shown.push({ name, network, address });
    }
    return shown;
  }

  /** Clicks "Export JSON" or "Export CSV" and reads the downloaded file. */
  async export(kind: 'JSON' | 'CSV'): Promise<SavedFile> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.files.getByRole('button', { name: `Export ${kind}`, exact: true }).click(),
    ]);
    const path = await download.path();
    const buffer = await readFile(path);
    return {
      name: download.suggestedFilename(),
      mimeType: kind === 'JSON' ? 'application/json' : 'text/csv',
      buffer,
      text: buffer.toString('utf8'),
    };
  }

  /** Chooses a file in the import field and waits for its report (or its error). */
  async import(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.importInput.setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
    await this.importReport.or(this.files.getByRole('alert')).filter({ hasText: /\S/ }).first().waitFor();
  }
}

/** The suggestions a text field offers through its datalist: value (the address) and label (the name). */
export async function offeredSuggestions(page: Page, field: Locator): Promise<{ value: string; label: string }[]> {
  const listId = await field.getAttribute('list');
  if (!listId) return [];
  return page
    .locator(`[id="${listId}"] option`)
    .evaluateAll((options) =>
      options.map((o) => ({ value: (o as HTMLOptionElement).value, label: (o as HTMLOptionElement).label })),
    );
}

/**
 * Chooses the suggestion with this label, as picking it from the datalist would: the field gets
 * the option's value, through an input event. (Headless Chromium never opens a datalist's
 * popup, so the pick itself cannot be clicked.) Returns the value chosen.
 */
export async function chooseSuggestion(page: Page, field: Locator, label: string): Promise<string> {
  const offered = await offeredSuggestions(page, field);
  const option = offered.find((o) => o.label === label);
  if (!option) throw new Error(`no suggestion "${label}" in ${offered.map((o) => o.label).join(' | ')}`);
  await field.fill(option.value);
  return option.value;
}
