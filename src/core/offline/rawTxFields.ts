import { type AccessList, type Address, bytesToHex, getAddress, type Hex } from 'viem';
import { InputError } from '../errors/input';
import { type Message, msg } from '../i18n/message';
import type { RlpItem } from './rlpReader';

/**
 * Readers for the fields of a transaction read by `readRlp`, each refusing a value that is not
 * canonical or not the right size with a sentence that names the field (its `label`, which
 * starts the sentence: "The nonce"). Errors: INPUT_RAW_TX.
 */

export function refuse(sentence: Message): never {
  throw new InputError('INPUT_RAW_TX', sentence);
}

/** The bytes of a string item. */
export function bytesField(item: RlpItem | undefined, label: Message): Uint8Array {
  if (item === undefined) refuse(msg('core.signing:raw.field.missing', { label }));
  if (item.kind !== 'bytes') refuse(msg('core.signing:raw.field.notBytes', { label }));
  return item.bytes;
}

function canonical(item: RlpItem & { kind: 'bytes' }, label: Message): void {
  if (item.prefixed) refuse(msg('core.signing:raw.field.prefixed', { label }));
}

/** An unsigned integer of at most `maxBytes` bytes, written without leading zeros. */
export function uintField(item: RlpItem | undefined, label: Message, maxBytes: number): bigint {
  const bytes = bytesField(item, label);
  if (bytes[0] === 0) refuse(msg('core.signing:raw.field.leadingZero', { label }));
  canonical(item as RlpItem & { kind: 'bytes' }, label);
  if (bytes.length > maxBytes) {
    refuse(msg('core.signing:raw.field.tooLarge', { label, bytes: bytes.length, max: maxBytes }));
  }
  return bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes));
}

/** Arbitrary bytes (the data field). */
export function dataField(item: RlpItem | undefined, label: Message): Hex {
  const bytes = bytesField(item, label);
  canonical(item as RlpItem & { kind: 'bytes' }, label);
  return bytesToHex(bytes);
}

/** A 20-byte address, or null when empty and `allowEmpty` (a contract creation). */
export function addressField(item: RlpItem | undefined, label: Message, allowEmpty: boolean): Address | null {
  const bytes = bytesField(item, label);
  if (bytes.length === 0) {
    if (allowEmpty) return null;
    refuse(msg('core.signing:raw.field.emptyAddress', { label }));
  }
  if (bytes.length !== 20) refuse(msg('core.signing:raw.field.addressSize', { label, bytes: bytes.length }));
  return getAddress(bytesToHex(bytes));
}

export function listField(item: RlpItem | undefined, label: Message): RlpItem[] {
  if (item === undefined) refuse(msg('core.signing:raw.field.missing', { label }));
  if (item.kind !== 'list') refuse(msg('core.signing:raw.field.notList', { label }));
  return item.items;
}

/** An EIP-2930 access list: [[address (20 bytes), [storage key (32 bytes), …]], …]. */
export function accessListField(item: RlpItem | undefined): AccessList {
  return listField(item, msg('core.signing:raw.label.accessList')).map((entry, index) => {
    const number = index + 1;
    const parts = listField(entry, msg('core.signing:raw.label.accessEntry', { entry: number }));
    if (parts.length !== 2) refuse(msg('core.signing:raw.accessEntryShape', { entry: number }));
    const address = addressField(
      parts[0],
      msg('core.signing:raw.label.accessEntryAddress', { entry: number }),
      false,
    ) as Address;
    const keys = listField(parts[1], msg('core.signing:raw.label.accessEntryKeys', { entry: number }));
    const storageKeys = keys.map((key, keyIndex) => {
      const place = { entry: number, key: keyIndex + 1 };
      const bytes = bytesField(key, msg('core.signing:raw.label.accessEntryKey', place));
      if (bytes.length !== 32) refuse(msg('core.signing:raw.accessKeySize', { ...place, bytes: bytes.length }));
      return bytesToHex(bytes);
    });
    return { address, storageKeys };
  });
}

/** The item tree as nested hex, for re-encoding the signed fields with viem's `toRlp`. */
export type NestedHex = Hex | NestedHex[];

export function toNestedHex(item: RlpItem): NestedHex {
  return item.kind === 'list' ? item.items.map(toNestedHex) : bytesToHex(item.bytes);
}
