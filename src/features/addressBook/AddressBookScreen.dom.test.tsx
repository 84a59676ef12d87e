// The address book's add form over a whole test wallet: an empty or too long name, a malformed
// address, a bad EIP-55 checksum and an address already named are each refused next to their
// field, keeping what was typed and storing nothing; corrected, the contact is added.
import { flushSync } from 'react-dom';
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { badChecksum } from '@/testing/badChecksum';
import { byRole, spokenText } from '@/testing/byRole';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { AddressBookScreen } from './AddressBookScreen';

const poll = { timeout: 4_000, interval: 10 };
const carol = getAddress('0x7c0ac5f2d4b4c6b2e6ea2a3e0d1f4c8c9a1b2c3d');
const dave = getAddress('0xdadadada5e0c7e4b3f1a2b9c8d7e6f5a4b3c2d1e');

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
  unmount = renderInWallet(wallet, <AddressBookScreen />).unmount;
});
afterEach(() => {
  unmount();
  wallet.close();
});

const addForm = () => byRole('form', 'Add a contact');
const contactsRegion = () => byRole('region', 'Contacts');
/** The line under "Contacts" that says what was just added, saved or removed. */
const status = () => contactsRegion().querySelector('[role=status]')?.textContent ?? '';

/** The control labelled exactly `label` in the add form. */
function field(label: string): HTMLInputElement | HTMLSelectElement {
  const found = [...addForm().querySelectorAll('label')].find((l) => spokenText(l) === label);
  const control = found && document.getElementById(found.htmlFor);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement))
    throw new Error(`No field "${label}" in the add form`);
  return control;
}

/** The error shown next to a field ('' when there is none), found through aria-describedby. */
function fieldError(label: string): string {
  const id = (field(label).getAttribute('aria-describedby') ?? '').split(' ').find((i) => i.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

/** Types into a field, or chooses an option by its words, as React hears it. */
function fill(label: string, value: string) {
  const control = field(label);
  flushSync(() => {
    if (control instanceof HTMLSelectElement) {
      const option = [...control.options].find((o) => o.textContent === value);
      if (!option) throw new Error(`No option "${value}" in ${label}`);
      control.value = option.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

type ContactInput = { name: string; address: string; network?: string };

function fillAndSubmit(input: ContactInput) {
  fill('Name', input.name);
  fill('Address', input.address);
  if (input.network !== undefined) fill('Network', input.network);
  flushSync(() => byRole('button', 'Add contact', addForm()).click());
}

/** The contacts as listed, in the order shown: name, network label and address. */
function contacts(): { name: string; network: string; address: string }[] {
  return [...contactsRegion().querySelectorAll('li')].map((item) => {
    const name = item.querySelector('h3')?.textContent?.trim() ?? '';
    const text = item.textContent ?? '';
    const address = /0x[0-9a-fA-F]{40}/.exec(text)?.[0] ?? '';
    // The card reads: name, network label, then the address.
    const afterName = text.slice(text.indexOf(name) + name.length);
    return { name, network: afterName.slice(0, afterName.indexOf('0x')).trim(), address };
  });
}

describe('adding a contact', () => {
  it('refuses an empty name, a malformed address, a bad EIP-55 checksum and an address already named, next to the field, keeping what was typed and storing nothing', async () => {
    fillAndSubmit({ name: 'Carol', address: carol });
    await expect.poll(status, poll).toBe('Added Carol.');
    const before = contacts();
    expect(before).toEqual([{ name: 'Carol', network: 'Local chain', address: carol }]);
    const stored = () => wallet.store.getState().addressBook;

    const refused = async (input: ContactInput, label: 'Name' | 'Address', message: RegExp) => {
      fillAndSubmit(input);
      await expect.poll(() => fieldError(label), poll).toMatch(message);
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(field('Name').value).toBe(input.name);
      expect(field('Address').value).toBe(input.address);
      expect(contacts()).toEqual(before);
      expect(stored()).toHaveLength(1);
      expect(status()).toBe('Added Carol.');
    };

    await refused({ name: '', address: dave }, 'Name', /^Enter a name\.$/);
    expect(fieldError('Address')).toBe('');
    await refused({ name: '   ', address: dave }, 'Name', /^Enter a name\.$/);
    await refused({ name: 'D'.repeat(41), address: dave }, 'Name', /at most 40 characters; this one has 41/);

    await refused({ name: 'Dave', address: '0x1234' }, 'Address', /40 hex digits after 0x; this has 4/);
    expect(fieldError('Name')).toBe('');
    await refused({ name: 'Dave', address: dave.slice(2) }, 'Address', /starts with 0x/);
    await refused({ name: 'Dave', address: `${dave.slice(0, -1)}g` }, 'Address', /character 42 is not one/);
    await refused({ name: 'Dave', address: badChecksum(dave) }, 'Address', /do not match its checksum \(EIP-55\)/);

    // The same address, in another case, on a network that overlaps Carol's.
    await refused(
      { name: 'Carol again', address: carol.toLowerCase() },
      'Address',
      /Already in your address book as “Carol”/,
    );
    await refused(
      { name: 'Carol again', address: carol.toUpperCase().replace('0X', '0x'), network: 'All EVM networks' },
      'Address',
      /Already in your address book as “Carol”/,
    );

    // Both fields wrong at once: both named.
    fillAndSubmit({ name: '', address: '0x12', network: 'Local chain' });
    await expect.poll(() => fieldError('Name'), poll).toBe('Enter a name.');
    expect(fieldError('Address')).toMatch(/this has 2/);

    // Correcting the input clears the errors and adds the contact.
    fillAndSubmit({ name: 'Dave', address: dave });
    await expect.poll(status, poll).toBe('Added Dave.');
    expect(fieldError('Name')).toBe('');
    expect(fieldError('Address')).toBe('');
    expect(contacts().map((c) => c.name)).toEqual(['Carol', 'Dave']);
  });
});
