import fc from 'fast-check';
import { type Address, bytesToHex, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { isMessage, type Message, renderMessage } from '../i18n/message';
import type { Contact } from './contact';
import { type ContactDraftErrors, parseContactDraft } from './contactDraft';
import { exportContactsCsv, exportContactsJson, parseContactsFile } from './contactFiles';
import { mergeContacts } from './contactMerge';

// EIP-55 test vectors.
const ALICE_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const CAROL_ADDRESS = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const CHECKSUM_SENTENCE =
  'The capital letters in this address do not match its checksum (EIP-55). It probably has a typo: check it against the source.';

const NETWORKS = ['local', 'ethereum', 'base'] as const;
const NEITHER = 'This file is neither a Cairn address-book JSON nor a CSV with name,address,network columns.';

/** A form's errors in words (the tests read English), or the result as it is when there are none. */
function worded<R extends { errors?: Record<string, Message | string | undefined> | undefined }>(result: R) {
  return result.errors
    ? { errors: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v && renderMessage(v)])) }
    : result;
}

function counter(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

const fileOptions = () => ({ newId: counter(), now: 1_000, knownNetworkIds: NETWORKS });

function contact(name: string, address: string, networkId: string, id = name.toLowerCase()): Contact {
  return { id, name, address: address as Address, networkId, createdAt: 1 };
}

const alice = contact('Alice', ALICE_ADDRESS, 'ethereum');
const bob = contact('Bob', BOB_ADDRESS, 'all');

/** The parts of a contact a file carries. */
function portable(contacts: readonly Contact[]) {
  return contacts.map(({ name, address, networkId }) => ({ name, address, networkId }));
}

describe('contact form', () => {
  const options = { newId: () => 'new-id', now: 42 };

  it('builds a contact with a trimmed name and a checksummed address', () => {
    const parsed = parseContactDraft(
      { name: '  Carol  ', address: ` ${CAROL_ADDRESS.toLowerCase()} `, networkId: 'base' },
      [alice],
      options,
    );
    expect(parsed).toEqual({
      contact: { id: 'new-id', name: 'Carol', address: CAROL_ADDRESS, networkId: 'base', createdAt: 42 },
    });
  });

  it('names every faulty field at once', () => {
    expect(worded(parseContactDraft({ name: '   ', address: '', networkId: 'all' }, [], options))).toEqual({
      errors: { name: 'Enter a name.', address: 'Enter an address.' },
    });
    expect(worded(parseContactDraft({ name: 'x'.repeat(41), address: '0x12', networkId: 'all' }, [], options))).toEqual(
      {
        errors: {
          name: 'A name has at most 40 characters; this one has 41.',
          address: 'An address has 40 hex digits after 0x; this has 2.',
        },
      },
    );
  });

  it('says each field’s problem as a Message, which the form words in the reader’s language', () => {
    const { errors } = parseContactDraft({ name: '', address: '0x12', networkId: 'all' }, [], options);
    expect(errors?.name).toEqual({ id: 'core.chain:contacts.name.empty' });
    expect(errors?.address).toMatchObject({ id: expect.any(String) });
    // @ts-expect-error Words are not a field's problem: they would reach every reader in English.
    const words: ContactDraftErrors = { name: 'Enter a name.' };
    expect(words.name).toBe('Enter a name.');
  });

  it('counts characters, not UTF-16 units, in a name', () => {
    const parsed = parseContactDraft({ name: '😀'.repeat(40), address: CAROL_ADDRESS, networkId: 'all' }, [], options);
    expect(parsed.contact?.name).toBe('😀'.repeat(40));
  });

  it('enforces the EIP-55 checksum on mixed case and accepts single-case addresses', () => {
    const bad = parseContactDraft({ name: 'Carol', address: BAD_CHECKSUM, networkId: 'all' }, [], options);
    expect(worded(bad)).toEqual({ errors: { address: CHECKSUM_SENTENCE } });
    for (const text of [ALICE_ADDRESS.toLowerCase(), `0x${ALICE_ADDRESS.slice(2).toUpperCase()}`, ALICE_ADDRESS]) {
      const good = parseContactDraft({ name: 'Alice', address: text, networkId: 'all' }, [], options);
      expect(good.contact?.address).toBe(ALICE_ADDRESS);
    }
  });

  it('refuses an address already named on the same or an overlapping network', () => {
    const refused = { errors: { address: 'Already in your address book as “Alice”.' } };
    const lower = ALICE_ADDRESS.toLowerCase();
    expect(worded(parseContactDraft({ name: 'A2', address: lower, networkId: 'ethereum' }, [alice], options))).toEqual(
      refused,
    );
    expect(worded(parseContactDraft({ name: 'A2', address: lower, networkId: 'all' }, [alice], options))).toEqual(
      refused,
    );
    expect(worded(parseContactDraft({ name: 'B2', address: BOB_ADDRESS, networkId: 'base' }, [bob], options))).toEqual({
      errors: { address: 'Already in your address book as “Bob”.' },
    });
    // The sentence names the contact with its hidden characters as codes.
    const tricky = contact('Ali\u202eecilA', CAROL_ADDRESS, 'all');
    expect(
      worded(parseContactDraft({ name: 'C', address: CAROL_ADDRESS, networkId: 'all' }, [tricky], options)),
    ).toEqual({
      errors: { address: 'Already in your address book as “Ali\\u{202E}ecilA”.' },
    });
  });

  it('allows the same address on another network', () => {
    const parsed = parseContactDraft(
      { name: 'Alice on Base', address: ALICE_ADDRESS, networkId: 'base' },
      [alice],
      options,
    );
    expect(parsed.contact).toMatchObject({ name: 'Alice on Base', networkId: 'base' });
  });

  it('edits a contact in place, keeping its id and creation time', () => {
    const newId = () => {
      throw new Error('an edit needs no new id');
    };
    const parsed = parseContactDraft(
      { name: 'Alice Liddell', address: ALICE_ADDRESS, networkId: 'all' },
      [alice, bob],
      { id: alice.id, newId, now: 99 },
    );
    expect(parsed.contact).toEqual({ ...alice, name: 'Alice Liddell', networkId: 'all', createdAt: 1 });
  });

  it('changes nothing it is given', () => {
    const book = [alice, bob];
    const copy = structuredClone(book);
    parseContactDraft({ name: 'Alice', address: ALICE_ADDRESS, networkId: 'all' }, book, options);
    expect(book).toEqual(copy);
  });
});

describe('address book export', () => {
  it('writes the Cairn JSON format', () => {
    expect(JSON.parse(exportContactsJson([alice, bob]))).toEqual({
      format: 'cairn-address-book',
      version: 1,
      contacts: [
        { name: 'Alice', address: ALICE_ADDRESS, network: 'ethereum' },
        { name: 'Bob', address: BOB_ADDRESS, network: 'all' },
      ],
    });
  });

  it('writes RFC 4180 CSV, quoting only what needs it', () => {
    const tricky = [alice, contact('Smith, "Bob"\nJr', BOB_ADDRESS, 'all'), contact('Carol\r', CAROL_ADDRESS, 'base')];
    expect(exportContactsCsv(tricky)).toBe(
      [
        'name,address,network',
        `Alice,${ALICE_ADDRESS},ethereum`,
        `"Smith, ""Bob""\nJr",${BOB_ADDRESS},all`,
        `"Carol\r",${CAROL_ADDRESS},base`,
        '',
      ].join('\r\n'),
    );
  });

  it('guards names a spreadsheet would run as formulas, and reads them back as they were', () => {
    const formulas = [
      contact('=HYPERLINK("http://evil")', ALICE_ADDRESS, 'all'),
      contact('+1-555', BOB_ADDRESS, 'all'),
      contact('@SUM(1)', CAROL_ADDRESS, 'all'),
      contact("'=already quoted", BAD_CHECKSUM.toLowerCase(), 'all'),
    ];
    const csv = exportContactsCsv(formulas);
    expect(csv).toBe(
      [
        'name,address,network',
        `"'=HYPERLINK(""http://evil"")",${ALICE_ADDRESS},all`,
        `'+1-555,${BOB_ADDRESS},all`,
        `'@SUM(1),${CAROL_ADDRESS},all`,
        `''=already quoted,${BAD_CHECKSUM.toLowerCase()},all`,
        '',
      ].join('\r\n'),
    );
    const parsed = parseContactsFile(csv, fileOptions());
    expect(parsed.problems).toEqual([]);
    expect(parsed.contacts.map((c) => c.name)).toEqual(formulas.map((c) => c.name));
  });

  it('writes only the header for an empty address book', () => {
    expect(exportContactsCsv([])).toBe('name,address,network\r\n');
    expect(parseContactsFile(exportContactsCsv([]), fileOptions())).toEqual({ contacts: [], problems: [] });
    expect(parseContactsFile(exportContactsJson([]), fileOptions())).toEqual({ contacts: [], problems: [] });
  });
});

describe('address book import (CSV)', () => {
  it('reads contacts with new ids and the import time', () => {
    const parsed = parseContactsFile(`name,address,network\nAlice,${ALICE_ADDRESS},ethereum\n`, fileOptions());
    expect(parsed).toEqual({
      contacts: [{ id: 'id1', name: 'Alice', address: ALICE_ADDRESS, networkId: 'ethereum', createdAt: 1_000 }],
      problems: [],
    });
  });

  it('lists the networks a file may name as a message, which each language quotes and joins its own way', () => {
    const csv = (known: readonly string[]) =>
      parseContactsFile(`name,address,network\nDave,${BOB_ADDRESS},mars`, { ...fileOptions(), knownNetworkIds: known });
    const [problem] = csv(NETWORKS).problems;
    const unknown = problem?.values?.problem;
    const choices = isMessage(unknown) ? unknown.values?.choices : undefined;
    expect(isMessage(choices) && choices.id).toBe('core.chain:contacts.import.choices');
    // The ids are data; the quotes and commas are the language's.
    expect(JSON.stringify(choices)).not.toMatch(/[“”]|, /);
    expect(csv(['local']).problems.map(renderMessage)).toEqual([
      'Row 2: Cairn has no network “mars”. Use one of “all”, “local”.',
    ]);
    expect(csv([]).problems.map(renderMessage)).toEqual(['Row 2: Cairn has no network “mars”. Use one of “all”.']);
  });

  it('reports bad rows by row number, counting the header as row 1, and keeps the good ones', () => {
    const csv = [
      'name,address,network',
      `Alice,${ALICE_ADDRESS},ethereum`,
      `Bad sum,${BAD_CHECKSUM},all`,
      '',
      `,${BOB_ADDRESS},all`,
      `Dave,${BOB_ADDRESS},mars`,
      'Eve,,all',
      `Frank,${CAROL_ADDRESS.toLowerCase()}`,
      `${'x'.repeat(41)},${CAROL_ADDRESS},all`,
      `Carol,${CAROL_ADDRESS.toLowerCase()},BASE`,
    ].join('\r\n');
    const parsed = parseContactsFile(csv, fileOptions());
    expect(portable(parsed.contacts)).toEqual([
      { name: 'Alice', address: ALICE_ADDRESS, networkId: 'ethereum' },
      { name: 'Carol', address: CAROL_ADDRESS, networkId: 'base' },
    ]);
    expect(parsed.problems.map(renderMessage)).toEqual([
      `Row 3: ${CHECKSUM_SENTENCE}`,
      'Row 5: The name is empty.',
      'Row 6: Cairn has no network “mars”. Use one of “all”, “local”, “ethereum”, “base”.',
      'Row 7: The address is empty.',
      'Row 8: The network is empty. Use one of “all”, “local”, “ethereum”, “base”.',
      'Row 9: A name has at most 40 characters; this one has 41.',
    ]);
  });

  it('finds the columns by name, in any order and any case, ignoring extra columns', () => {
    const csv = `\uFEFF Network ,Note,ADDRESS,Name\nall,"friend, old",${ALICE_ADDRESS},Alice\n`;
    const parsed = parseContactsFile(csv, fileOptions());
    expect(parsed.problems).toEqual([]);
    expect(portable(parsed.contacts)).toEqual([{ name: 'Alice', address: ALICE_ADDRESS, networkId: 'all' }]);
  });

  it('reports a quote that is never closed', () => {
    const csv = `name,address,network\nAlice,${ALICE_ADDRESS},all\n"Bob,${BOB_ADDRESS},all\n`;
    const parsed = parseContactsFile(csv, fileOptions());
    expect(parsed.contacts).toHaveLength(1);
    expect(parsed.problems.map(renderMessage)).toEqual([
      'Row 3: A quote opened here is never closed, so the rest of the file was not read.',
    ]);
  });

  it('refuses a file that is neither format', () => {
    for (const text of ['', 'hello world', 'name,address\nAlice,0x1', '{"broken": ', '{"contacts": []}', '42']) {
      const parsed = parseContactsFile(text, fileOptions());
      expect(parsed.contacts).toEqual([]);
      expect(parsed.problems.map(renderMessage)).toEqual([NEITHER]);
    }
  });
});

describe('address book import (JSON)', () => {
  it('reads a bare array of contacts', () => {
    const text = JSON.stringify([{ name: 'Bob', address: BOB_ADDRESS.toLowerCase(), network: 'All' }]);
    const parsed = parseContactsFile(text, fileOptions());
    expect(parsed.problems).toEqual([]);
    expect(portable(parsed.contacts)).toEqual([{ name: 'Bob', address: BOB_ADDRESS, networkId: 'all' }]);
  });

  it('reports bad entries by position, counting from 1', () => {
    const text = JSON.stringify({
      format: 'cairn-address-book',
      version: 1,
      contacts: [
        { name: 'Alice', address: ALICE_ADDRESS, network: 'ethereum' },
        { name: 'Bad sum', address: BAD_CHECKSUM, network: 'all' },
        'Bob',
        { name: 7, address: BOB_ADDRESS, network: 'all' },
        { name: 'Carol', address: CAROL_ADDRESS },
        { name: 'Dave', address: '0x1234', network: 'all' },
      ],
    });
    const parsed = parseContactsFile(text, fileOptions());
    expect(portable(parsed.contacts)).toEqual([{ name: 'Alice', address: ALICE_ADDRESS, networkId: 'ethereum' }]);
    expect(parsed.problems.map(renderMessage)).toEqual([
      `Entry 2: ${CHECKSUM_SENTENCE}`,
      'Entry 3: This is not a contact: expected an object with name, address and network.',
      'Entry 4: The name is not text.',
      'Entry 5: The network is empty. Use one of “all”, “local”, “ethereum”, “base”.',
      'Entry 6: An address has 40 hex digits after 0x; this has 4.',
    ]);
  });

  it('refuses a file from a newer version', () => {
    const text = JSON.stringify({ format: 'cairn-address-book', version: 2, contacts: [] });
    expect(parseContactsFile(text, fileOptions()).problems.map(renderMessage)).toEqual([
      'This address book file is version 2; this Cairn reads version 1.',
    ]);
  });
});

describe('merging an import', () => {
  it('adds new contacts and skips addresses already named on an overlapping network', () => {
    const incoming = [
      contact('Alice again', ALICE_ADDRESS.toLowerCase(), 'ethereum', 'n1'),
      contact('Alice on Base', ALICE_ADDRESS, 'base', 'n2'),
      contact('Bob on Base', BOB_ADDRESS, 'base', 'n3'),
      contact('Carol', CAROL_ADDRESS, 'all', 'n4'),
      contact('Carol twice', CAROL_ADDRESS, 'local', 'n5'),
    ];
    const merged = mergeContacts([alice, bob], incoming);
    expect(merged.added).toBe(2);
    expect(merged.skipped).toBe(3);
    expect(merged.contacts.map((c) => c.id)).toEqual(['alice', 'bob', 'n2', 'n4']);
  });

  it('adds nothing when importing its own export', () => {
    const parsed = parseContactsFile(exportContactsJson([alice, bob]), fileOptions());
    expect(mergeContacts([alice, bob], parsed.contacts)).toEqual({ contacts: [alice, bob], added: 0, skipped: 2 });
  });
});

describe('address book round trips', () => {
  const awkward = fc.constantFrom(
    ',',
    '"',
    '""',
    '\n',
    '\r',
    '\r\n',
    ' ',
    '\t',
    'é',
    'ß',
    '名',
    '😀',
    '\u202e',
    '=',
    '+',
    '-',
    '@',
    "'",
  );
  const name = fc
    .string({ unit: fc.oneof(awkward, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 40 })
    .map((text) => text.trim())
    .filter((text) => text.length > 0 && [...text].length <= 40);
  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(bytesToHex(bytes)));
  const network = fc.constantFrom('all', ...NETWORKS);
  const contacts = fc.array(
    fc.record({ name, address, networkId: network }).map((c) => ({ ...c, id: 'x', createdAt: 0 })),
    { maxLength: 8 },
  );

  it('reads back its JSON export', () => {
    fc.assert(
      fc.property(contacts, (book) => {
        const parsed = parseContactsFile(exportContactsJson(book), fileOptions());
        expect(parsed.problems).toEqual([]);
        expect(portable(parsed.contacts)).toEqual(portable(book));
      }),
    );
  });

  it('reads back its CSV export', () => {
    fc.assert(
      fc.property(contacts, (book) => {
        const parsed = parseContactsFile(exportContactsCsv(book), fileOptions());
        expect(parsed.problems).toEqual([]);
        expect(portable(parsed.contacts)).toEqual(portable(book));
      }),
    );
  });
});
