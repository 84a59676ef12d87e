import { readCsv, writeCsv } from '../csv/csv';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { isRecord } from '../text/guards';
import { sameWord } from '../text/sameWord';
import type { Contact } from './contact';
import { checkContactAddress, checkContactName } from './contactDraft';

/** The `format` field of an address-book JSON file. */
export const ADDRESS_BOOK_FORMAT = 'cairn-address-book';
/** The version of the address-book JSON file this Cairn writes and reads. */
export const ADDRESS_BOOK_VERSION = 1;

// A data-interchange header, not words for people: Cairn (and other tools) read these columns back
// by name, so they stay `name,address,network` in every language.
const CSV_COLUMNS = ['name', 'address', 'network'] as const;

const NEITHER = msg('core.chain:contacts.file.neither');

/** What is wrong with one row or entry. */
type Problem = { problem: Message };

/** A contact as written in a file: its network id, or "all". */
type ContactRow = { name: string; address: string; network: string };

/** Options for reading a file: how to make new contacts and which networks exist. */
export type ParseContactsOptions = { newId(): string; now: number; knownNetworkIds: readonly string[] };

/** The contacts a file holds, and a message per row that could not be read ("Row 3: …"). */
export type ParsedContacts = { contacts: Contact[]; problems: Message[] };

function rowOf(contact: Contact): ContactRow {
  return { name: contact.name, address: contact.address, network: contact.networkId };
}

/**
 * The address book as JSON: `{ "format": "cairn-address-book", "version": 1, "contacts": [...] }`,
 * each contact as `{ name, address, network }` where network is a network id or "all".
 */
export function exportContactsJson(contacts: readonly Contact[]): string {
  const file = { format: ADDRESS_BOOK_FORMAT, version: ADDRESS_BOOK_VERSION, contacts: contacts.map(rowOf) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * The address book as CSV (RFC 4180: CRLF line ends, fields with a comma, quote or line break
 * quoted, inner quotes doubled), with the header `name,address,network`. A name a spreadsheet
 * would run as a formula (=, +, -, @…) is written behind a ' guard, which reading removes.
 */
export function exportContactsCsv(contacts: readonly Contact[]): string {
  return writeCsv([CSV_COLUMNS, ...contacts.map((c) => [c.name, c.address, c.networkId])]);
}

/** Which field of a record holds each column, if the record is a `name,address,network` header. */
function csvHeader(record: readonly string[]): { name: number; address: number; network: number } | undefined {
  const names = record.map((f) => f.trim().toLowerCase());
  const name = names.indexOf('name');
  const address = names.indexOf('address');
  const network = names.indexOf('network');
  return name < 0 || address < 0 || network < 0 ? undefined : { name, address, network };
}

function isBlank(record: readonly string[]): boolean {
  return record.every((f) => f.trim() === '');
}

/** Checks one row and builds its contact, or says what is wrong. */
function contactOfRow(row: ContactRow, options: ParseContactsOptions): Contact | Problem {
  const name = checkContactName(row.name);
  if ('problem' in name) {
    return { problem: row.name.trim() === '' ? msg('core.chain:contacts.import.nameEmpty') : name.problem };
  }
  if (row.address.trim() === '') return { problem: msg('core.chain:contacts.import.addressEmpty') };
  const address = checkContactAddress(row.address);
  if ('problem' in address) return address;
  const networkId = knownNetwork(row.network, options.knownNetworkIds);
  if (networkId === undefined) return unknownNetwork(row.network, options.knownNetworkIds);
  return { id: options.newId(), name: name.name, address: address.address, networkId, createdAt: options.now };
}

function knownNetwork(text: string, known: readonly string[]): string | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === 'all') return 'all';
  return known.find((id) => sameWord(id, wanted));
}

/**
 * The ids a file may use, as a list in the reader's language ("“all”, “mainnet”, “sepolia”"): each
 * id as written in a file (data, the same in every language) in the language's quotes, joined as
 * the language joins a list.
 */
function choicesList(ids: readonly string[]): Message {
  const [first, ...rest] = ids.map((id) => msg('core.chain:contacts.import.choice', { id: codeValue(id) }));
  const join = (head: Message, tail: readonly Message[]): Message => {
    const [next, ...more] = tail;
    if (next === undefined) return head;
    return more.length === 0
      ? msg('core.chain:contacts.import.choicesLast', { first: head, last: next })
      : msg('core.chain:contacts.import.choices', { first: head, rest: join(next, more) });
  };
  return join(first ?? msg('core.chain:contacts.import.choice', { id: codeValue('all') }), rest);
}

function unknownNetwork(text: string, known: readonly string[]): Problem {
  const choices = choicesList(['all', ...known]);
  const network = text.trim();
  return {
    problem:
      network === ''
        ? msg('core.chain:contacts.import.networkEmpty', { choices })
        : msg('core.chain:contacts.import.networkUnknown', { network: untrustedValue(network, 'name'), choices }),
  };
}

function parseCsv(text: string, options: ParseContactsOptions): ParsedContacts {
  const { records, unclosed } = readCsv(text);
  const [first, ...data] = records;
  const header = first && csvHeader(first);
  if (!header) return { contacts: [], problems: [NEITHER] };
  const contacts: Contact[] = [];
  const problems: Message[] = [];
  data.forEach((record, index) => {
    const row = index + 2;
    if (unclosed && index === data.length - 1) {
      problems.push(
        msg('core.chain:contacts.import.row', { row, problem: msg('core.chain:contacts.import.unclosedQuote') }),
      );
      return;
    }
    if (isBlank(record)) return;
    const fields = {
      name: record[header.name] ?? '',
      address: record[header.address] ?? '',
      network: record[header.network] ?? '',
    };
    const result = contactOfRow(fields, options);
    if ('problem' in result) problems.push(msg('core.chain:contacts.import.row', { row, problem: result.problem }));
    else contacts.push(result);
  });
  return { contacts, problems };
}

function jsonEntries(value: unknown): unknown[] | { problem: Message } {
  if (Array.isArray(value)) return value;
  if (!isRecord(value) || value.format !== ADDRESS_BOOK_FORMAT) return { problem: NEITHER };
  if (value.version !== ADDRESS_BOOK_VERSION) {
    return {
      problem: msg('core.chain:contacts.file.version', {
        version: untrustedValue(String(value.version), 'name'),
        supported: ADDRESS_BOOK_VERSION,
      }),
    };
  }
  return Array.isArray(value.contacts) ? value.contacts : { problem: msg('core.chain:contacts.file.noContacts') };
}

function textField(entry: Record<string, unknown>, key: string): string | undefined {
  const value = entry[key];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : undefined;
}

function rowOfEntry(entry: unknown): ContactRow | Problem {
  if (!isRecord(entry)) return { problem: msg('core.chain:contacts.import.notContact') };
  const name = textField(entry, 'name');
  const address = textField(entry, 'address');
  const network = textField(entry, 'network');
  if (name === undefined) return { problem: msg('core.chain:contacts.import.nameNotText') };
  if (address === undefined) return { problem: msg('core.chain:contacts.import.addressNotText') };
  if (network === undefined) return { problem: msg('core.chain:contacts.import.networkNotText') };
  return { name, address, network };
}

function parseJson(text: string, options: ParseContactsOptions): ParsedContacts {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { contacts: [], problems: [NEITHER] };
  }
  const entries = jsonEntries(value);
  if (!Array.isArray(entries)) return { contacts: [], problems: [entries.problem] };
  const contacts: Contact[] = [];
  const problems: Message[] = [];
  entries.forEach((entry, index) => {
    const row = rowOfEntry(entry);
    const result = 'problem' in row ? row : contactOfRow(row, options);
    if ('problem' in result) {
      problems.push(msg('core.chain:contacts.import.entry', { entry: index + 1, problem: result.problem }));
    } else contacts.push(result);
  });
  return { contacts, problems };
}

/**
 * Reads an address-book file: Cairn's JSON (or a bare JSON array of `{ name, address, network }`)
 * or a CSV with `name`, `address` and `network` columns. Every row is checked (name, EIP-55
 * address, network "all" or one of `knownNetworkIds`); a bad row becomes a message in
 * `problems` ("Row 3: …" counting the CSV header as row 1, "Entry 2: …" in JSON) and the others
 * are still read. Never throws for bad content.
 */
export function parseContactsFile(text: string, options: ParseContactsOptions): ParsedContacts {
  const content = text.trimStart(); // also drops a byte-order mark
  if (content.startsWith('{') || content.startsWith('[')) return parseJson(content, options);
  return parseCsv(content, options);
}
