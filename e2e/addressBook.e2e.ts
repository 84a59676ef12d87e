import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { badChecksum } from '../src/testing/badChecksum.ts';
import { AddressBook, chooseSuggestion, offeredSuggestions } from './pages/AddressBook.ts';
import { Unlock } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { csvObjects } from './support/csv.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { slowStorageWrites } from './support/slowStorage.ts';

const alice = demoAddress(5);
const bob = demoAddress(6);
const carol = demoAddress(7);
const dave = demoAddress(8);

describe('the address book', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A fresh browser profile with the demo wallet, on the address book. */
  async function openAddressBook() {
    const opened = await demoWalletPage(env, { landOn: 'addressBook' });
    const book = new AddressBook(opened.page);
    await book.open();
    return { ...opened, book };
  }

  it('adds a contact for the current network and one for all networks, renames one and removes one after confirming', async () => {
    const { page, book, consoleErrors } = await openAddressBook();
    expect(await book.contactsRegion.textContent()).toContain('No contacts yet');

    await book.add({ name: 'Alice', address: alice });
    expect(await book.contacts()).toEqual([{ name: 'Alice', network: 'Local chain', address: alice }]);
    // The form is cleared for the next contact.
    expect(await book.field(book.addForm, 'Name').inputValue()).toBe('');
    expect(await book.field(book.addForm, 'Address').inputValue()).toBe('');

    // Typed in lower case, shown checksummed; the name is trimmed.
    await book.add({ name: '  Bob  ', address: bob.toLowerCase(), network: 'All EVM networks' });
    expect(await book.contacts()).toEqual([
      { name: 'Alice', network: 'Local chain', address: alice },
      { name: 'Bob', network: 'All networks', address: bob },
    ]);

    // Renaming re-sorts the list by name; the address and network stay.
    await book.edit('Bob', { name: 'Aaron' });
    expect(await book.status.textContent()).toBe('Saved Aaron.');
    expect(await book.contacts()).toEqual([
      { name: 'Aaron', network: 'All networks', address: bob },
      { name: 'Alice', network: 'Local chain', address: alice },
    ]);

    // Remove asks first; Cancel keeps the contact.
    const confirmation = await book.askToRemove('Alice');
    await confirmation.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect((await book.contacts()).map((c) => c.name)).toEqual(['Aaron', 'Alice']);

    await book.remove('Alice');
    expect(await book.contacts()).toEqual([{ name: 'Aaron', network: 'All networks', address: bob }]);

    // What the list shows is what was stored: it is the same after a reload and unlock.
    await page.reload();
    await new Unlock(page).unlock();
    await book.screen.waitFor();
    await book.contactItems.first().waitFor();
    expect(await book.contacts()).toEqual([{ name: 'Aaron', network: 'All networks', address: bob }]);
    expect(consoleErrors).toEqual([]);
  });

  it('says a change is done only once it is stored: a reload right after keeps it, however slow storage is', async () => {
    const { page, book, consoleErrors } = await openAddressBook();
    await slowStorageWrites(page, ['settings'], 1_500);
    await page.reload();
    await new Unlock(page).unlock();
    await book.screen.waitFor();

    await book.add({ name: 'Alice', address: alice });
    await book.add({ name: 'Bob', address: bob });
    await book.remove('Alice');
    await page.reload();
    await new Unlock(page).unlock();
    await book.contactsRegion.waitFor();
    expect((await book.contacts()).map((c) => c.name)).toEqual(['Bob']);
    expect(consoleErrors).toEqual([]);
  });

  it('exports JSON and CSV, imports them into another profile, and refuses malformed files changing nothing', async () => {
    const source = await openAddressBook();
    const tricky = 'Bob, "the" builder';
    await source.book.add({ name: 'Alice', address: alice });
    await source.book.add({ name: tricky, address: bob, network: 'All EVM networks' });
    const listed = await source.book.contacts();

    const json = await source.book.export('JSON');
    expect(json.name).toBe('cairn-address-book.json');
    expect(JSON.parse(json.text)).toEqual({
      format: 'cairn-address-book',
      version: 1,
      contacts: [
        { name: 'Alice', address: alice, network: 'local' },
        { name: tricky, address: bob, network: 'all' },
      ],
    });

    const csv = await source.book.export('CSV');
    expect(csv.name).toBe('cairn-address-book.csv');
    expect(csv.text).toBe(`name,address,network\r\nAlice,${alice},local\r\n"Bob, ""the"" builder",${bob},all\r\n`);

    // A fresh profile imports the JSON file.
    const target = await openAddressBook();
    await target.book.import(json);
    await expect
      .poll(() => target.book.importReport.textContent())
      .toBe('Imported 2 contacts, skipped 0 already present.');
    expect(await target.book.contacts()).toEqual(listed);

    // The CSV holds the same contacts: all skipped, nothing doubled.
    await target.book.import(csv);
    await expect
      .poll(() => target.book.importReport.textContent())
      .toBe('Imported 0 contacts, skipped 2 already present.');
    expect(await target.book.contacts()).toEqual(listed);

    // Another fresh profile imports the CSV file, quoted name and all.
    const fromCsv = await openAddressBook();
    await fromCsv.book.import(csv);
    await expect
      .poll(() => fromCsv.book.importReport.textContent())
      .toBe('Imported 2 contacts, skipped 0 already present.');
    expect(await fromCsv.book.contacts()).toEqual(listed);

    // Malformed files: a clear sentence, no contact added or changed.
    const malformed = [
      {
        file: { name: 'cut.json', mimeType: 'application/json', text: json.text.slice(0, json.text.length / 2) },
        problem: 'This file is neither a Cairn address-book JSON nor a CSV with name,address,network columns.',
      },
      {
        file: { name: 'notes.csv', mimeType: 'text/csv', text: 'hello, world\r\nthis is not an address book\r\n' },
        problem: 'This file is neither a Cairn address-book JSON nor a CSV with name,address,network columns.',
      },
      {
        file: {
          name: 'future.json',
          mimeType: 'application/json',
          text: json.text.replace('"version": 1', '"version": 9'),
        },
        problem: 'This address book file is version 9; this Cairn reads version 1.',
      },
      {
        file: {
          name: 'typo.csv',
          mimeType: 'text/csv',
          text: `name,address,network\r\nDave,${badChecksum(dave)},all\r\n`,
        },
        problem: 'Row 2: The capital letters in this address do not match its checksum (EIP-55).',
      },
    ];
    for (const { file, problem } of malformed) {
      await target.book.import({ ...file, buffer: Buffer.from(file.text) });
      await expect.poll(() => target.book.importReport.textContent()).toContain(problem);
      expect(await target.book.importReport.textContent()).toContain('Imported 0 contacts');
      expect(await target.book.contacts()).toEqual(listed);
    }
    expect(target.consoleErrors).toEqual([]);
  });

  it('exports names a spreadsheet would run as formulas behind a guard quote, and imports them back under their own names', async () => {
    const source = await openAddressBook();
    const named = [
      { name: '=HYPERLINK("http://evil.example")', address: alice },
      { name: '+1-555-0100', address: bob },
      { name: '@SUM(1)', address: carol },
      { name: '-2+3', address: dave },
    ];
    for (const contact of named) await source.book.add(contact);
    const listed = await source.book.contacts();

    const csv = await source.book.export('CSV');
    // Read by a CSV reader of the tests' own, as a spreadsheet would read the file.
    const { header, rows } = csvObjects(csv.text);
    expect(header).toEqual(['name', 'address', 'network']);
    expect(rows.map((r) => [r.name, r.address])).toEqual(
      expect.arrayContaining(named.map((c) => [`'${c.name}`, c.address])),
    );
    expect(rows).toHaveLength(named.length);
    for (const row of rows) expect(row.name).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"")",${alice},local\r\n`);

    // Cairn reads its own guard back: the same names, not the guarded ones.
    const target = await openAddressBook();
    await target.book.import(csv);
    await expect
      .poll(() => target.book.importReport.textContent())
      .toBe(`Imported ${named.length} contacts, skipped 0 already present.`);
    expect(await target.book.contacts()).toEqual(listed);
    expect(target.consoleErrors).toEqual([]);
  });

  it('offers contacts of this network in the Send recipient field; choosing one fills its address and the review names it', async () => {
    const { page, book, consoleErrors } = await openAddressBook();
    await book.add({ name: 'Alice', address: alice });
    await book.add({ name: 'Everywhere Eve', address: carol, network: 'All EVM networks' });
    await book.add({ name: 'Mainnet Mallory', address: dave, network: 'Ethereum' });

    const send = new Send(page);
    await send.open();
    const recipient = send.field('Recipient');
    const offered = await offeredSuggestions(page, recipient);
    expect(offered).toEqual(
      expect.arrayContaining([
        { value: alice, label: 'Alice' },
        { value: carol, label: 'Everywhere Eve' },
      ]),
    );
    expect(offered.map((o) => o.value)).not.toContain(dave);

    expect(await chooseSuggestion(page, recipient, 'Alice')).toBe(alice);
    expect(await recipient.inputValue()).toBe(alice);
    await send.field(/^Amount in /).fill('0.01');
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    const to = (await send.review.textContent()) ?? '';
    expect(to).toContain(`Alice: ${alice}`);

    // Typing the name works too, and the form links back to the address book.
    await send.review.getByRole('button', { name: 'Edit' }).click();
    await recipient.fill('everywhere eve');
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    expect(await send.review.textContent()).toContain(`Everywhere Eve: ${carol}`);
    await send.review.getByRole('button', { name: 'Edit' }).click();
    await send.form.getByRole('link', { name: 'Manage contacts in the address book' }).click();
    await book.screen.waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
