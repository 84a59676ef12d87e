// What Cairn says, as data: a message id from the catalogs in src/locales and the values to put
// into it. Core never words anything itself: it returns or throws a Message, and whoever shows it
// turns it into the reader's language (src/lib/i18n). The ids and the values each one takes are
// declared by the files in ./catalogTypes, generated from the English catalogs by
// `npm run generate:messages`, so a missing or misspelt id or value does not compile.
import { type TextKind, untrustedLabel } from '../text/untrustedText.ts';

/**
 * Every message id, with the values it takes (`undefined`: none). Filled in by the generated
 * files in ./catalogTypes, one per catalog, through declaration merging.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface MessageCatalog {}

export type MessageId = keyof MessageCatalog & string;

/** A message that takes no values (a label, a title): its id alone says it. */
export type PlainMessageId = { [I in MessageId]: MessageCatalog[I] extends undefined ? I : never }[MessageId];

/** Every catalog's name ("send", "core.chain"), filled in as MessageCatalog is. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface MessageNamespaces {}

export type Namespace = keyof MessageNamespaces & string;

/**
 * An amount in base units, shown in the reader's number format with the asset's decimals: rounded
 * down for display, or with every digit when `full` (where a difference of one base unit matters).
 */
export type AmountValue = {
  readonly kind: 'amount';
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol?: string;
  readonly full?: true;
};

/** Addresses, hashes, hex data, paths, URLs: shown as they are, left to right, never translated. */
export type CodeValue = { readonly kind: 'code'; readonly text: string };

/** Text Cairn did not write (a token's name, a contact's): shown through the untrusted-text rules of its kind. */
export type UntrustedValue = { readonly kind: 'untrusted'; readonly text: string; readonly as: TextKind };

/**
 * A value put into a message as it stands (an ICU `{name}` argument). Numbers and dates are not
 * among them: a message formats those itself (`{count, number}`, `{count, plural, …}`,
 * `{when, date, medium}`), so they follow the reader's locale.
 */
export type MessageValue = string | Message | AmountValue | CodeValue | UntrustedValue;

export type MessageValues = Readonly<Record<string, MessageValue | number | bigint | Date>>;

export type Message<I extends MessageId = MessageId> = {
  readonly id: I;
  readonly values?: MessageValues;
};

/** The rest of `msg`'s arguments for an id: its values, or nothing when it takes none. */
export type ValuesOf<I extends MessageId> = MessageCatalog[I] extends undefined ? [] : [values: MessageCatalog[I]];

/** The message `id` with its values, checked against the English catalog's arguments. */
export function msg<I extends MessageId>(id: I, ...values: ValuesOf<I>): Message<I> {
  const [given] = values as [MessageValues?];
  return given === undefined ? { id } : { id, values: given };
}

export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    !('kind' in value)
  );
}

export const amountValue = (
  value: bigint,
  decimals: number,
  symbol?: string,
  options?: { full: true },
): AmountValue => ({
  kind: 'amount',
  value,
  decimals,
  ...(symbol === undefined ? {} : { symbol }),
  ...(options?.full ? { full: true as const } : {}),
});

export const codeValue = (text: string): CodeValue => ({ kind: 'code', text });

export const untrustedValue = (text: string, as: TextKind): UntrustedValue => ({ kind: 'untrusted', text, as });

/** Turns a message into words; set by whoever shows messages (the app, the tests' English). */
export type MessageRenderer = (message: Message) => string;

/**
 * A message as technical text, the same in every language: its id and its values, nested messages
 * written the same way, untrusted text made visible ("core.signing:file.unknownField(field: \"d\")").
 * For `details` and logs, which are technical context and never translated, and for words where
 * no renderer is set (as in the vault's worker, which shows nothing).
 */
export function messageCode(message: Message | string): string {
  if (typeof message === 'string') return message;
  const values = Object.entries(message.values ?? {}).map(([name, value]) => `${name}: ${valueCode(value)}`);
  return values.length === 0 ? message.id : `${message.id}(${values.join(', ')})`;
}

function valueCode(value: MessageValue | number | bigint | Date): string {
  if (typeof value === 'string') return quoted(untrustedLabel(value, 'whole'));
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (!('kind' in value)) return messageCode(value);
  switch (value.kind) {
    case 'amount':
      return `${value.value}e-${value.decimals}${value.symbol === undefined ? '' : ` ${untrustedLabel(value.symbol, 'symbol')}`}`;
    case 'code':
      return value.text;
    case 'untrusted':
      return quoted(untrustedLabel(value.text, value.as));
  }
}

const quoted = (text: string) => `"${text}"`;

let renderer: MessageRenderer = messageCode;

/** Sets how `renderMessage` words messages (once, where the page starts; tests set English). */
export function setMessageRenderer(render: MessageRenderer | undefined): void {
  renderer = render ?? messageCode;
}

/** The message in words, in the language the renderer speaks. Text that is already words passes through. */
export function renderMessage(message: Message | string): string {
  return typeof message === 'string' ? message : renderer(message);
}
