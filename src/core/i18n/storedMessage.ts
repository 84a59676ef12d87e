// Messages kept in stored records (a transaction's failure, say): ids and values, never words, so
// they read in the language of the day they are read. A stored record must survive JSON (a copy,
// an export, storage that is not IndexedDB) and be checked when read back, so the values JSON does
// not carry are written as tagged objects and turned back when read:
//   bigint                → { kind: 'bigint', digits: '21000' }
//   Date                  → { kind: 'date', time: 1700000000000 }
//   an amount's bigint    → its digits: { kind: 'amount', value: '15', decimals: 18, symbol: 'ETH', full?: true }
// Code and untrusted text, strings, numbers and nested Messages are JSON as they are.
import type { TextKind } from '../text/untrustedText';
import type { Message, MessageValues } from './message';

type StoredValue =
  | string
  | number
  | StoredMessage
  | { kind: 'bigint'; digits: string }
  | { kind: 'date'; time: number }
  | { kind: 'amount'; value: string; decimals: number; symbol?: string; full?: true }
  | { kind: 'code'; text: string }
  | { kind: 'untrusted'; text: string; as: TextKind };

/** A Message as stored: JSON-safe. */
export type StoredMessage = { id: string; values?: Record<string, StoredValue> };

/** How deep Messages may nest in a stored one (a reason in a refusal in a row…). */
const MAX_DEPTH = 8;

const INTEGER = /^-?\d{1,80}$/;

function storedValue(value: MessageValues[string]): StoredValue {
  if (typeof value === 'bigint') return { kind: 'bigint', digits: value.toString() };
  if (value instanceof Date) return { kind: 'date', time: value.getTime() };
  if (typeof value !== 'object' || value === null) return value;
  if ('kind' in value) {
    if (value.kind !== 'amount') return value;
    const { symbol, full } = value;
    return {
      kind: 'amount',
      value: value.value.toString(),
      decimals: value.decimals,
      ...(symbol === undefined ? {} : { symbol }),
      ...(full ? { full } : {}),
    };
  }
  return toStoredMessage(value);
}

/** A Message as it is stored: every value JSON-safe. */
export function toStoredMessage(message: Message): StoredMessage {
  if (message.values === undefined) return { id: message.id };
  const values = Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, storedValue(value)]));
  return { id: message.id, values };
}

/** A stored Message or words (records stored before Messages hold English words) as stored. */
export function toStoredText(text: Message | string): StoredMessage | string {
  return typeof text === 'string' ? text : toStoredMessage(text);
}

class DamagedMessage extends Error {
  override readonly name = 'DamagedMessage';
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function readValue(value: unknown, depth: number): MessageValues[string] {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  // Stored by structured clone (IndexedDB) before values were made JSON-safe.
  if (typeof value === 'bigint') return value;
  if (!isPlainObject(value)) throw new DamagedMessage('value');
  switch (value.kind) {
    case 'bigint':
      if (typeof value.digits === 'string' && INTEGER.test(value.digits)) return BigInt(value.digits);
      throw new DamagedMessage('bigint');
    case 'date':
      if (typeof value.time === 'number' && Number.isFinite(value.time)) return new Date(value.time);
      throw new DamagedMessage('date');
    case 'amount': {
      const amount =
        typeof value.value === 'bigint'
          ? value.value
          : typeof value.value === 'string' && INTEGER.test(value.value)
            ? BigInt(value.value)
            : undefined;
      const symbolOk = value.symbol === undefined || typeof value.symbol === 'string';
      if (amount === undefined || !isCount(value.decimals) || !symbolOk) throw new DamagedMessage('amount');
      const symbol = value.symbol as string | undefined;
      return {
        kind: 'amount',
        value: amount,
        decimals: value.decimals,
        ...(symbol === undefined ? {} : { symbol }),
        ...(value.full === true ? { full: true as const } : {}),
      };
    }
    case 'code':
      if (typeof value.text === 'string') return { kind: 'code', text: value.text };
      throw new DamagedMessage('code');
    case 'untrusted':
      if (typeof value.text === 'string' && typeof value.as === 'string')
        return { kind: 'untrusted', text: value.text, as: value.as as TextKind };
      throw new DamagedMessage('untrusted');
    case undefined:
      return readMessage(value, depth + 1);
    default:
      throw new DamagedMessage('kind');
  }
}

function readMessage(value: unknown, depth: number): Message {
  if (depth > MAX_DEPTH) throw new DamagedMessage('depth');
  if (!isPlainObject(value) || typeof value.id !== 'string' || value.id === '') throw new DamagedMessage('id');
  if (value.values === undefined) return { id: value.id as Message['id'] };
  if (!isPlainObject(value.values)) throw new DamagedMessage('values');
  const values = Object.fromEntries(Object.entries(value.values).map(([name, item]) => [name, readValue(item, depth)]));
  return { id: value.id as Message['id'], values };
}

/**
 * A stored text read back: words (a string, from records stored before Messages) or a Message
 * of the shape `{ id: string, values?: object }` with every value one a Message may hold.
 * Throws on anything else (damaged storage). The id is not checked against the catalogs: one
 * removed since is shown by its id, as any missing message is.
 */
export function fromStoredText(value: unknown): Message | string {
  return typeof value === 'string' ? value : readMessage(value, 0);
}

/** Whether `value` reads back as a stored text (see fromStoredText). */
export function isStoredText(value: unknown): boolean {
  try {
    fromStoredText(value);
    return true;
  } catch (error) {
    if (error instanceof DamagedMessage) return false;
    throw error;
  }
}
