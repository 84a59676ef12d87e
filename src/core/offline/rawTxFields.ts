import { type AccessList, type Address, bytesToHex, getAddress, type Hex } from 'viem';
import { InputError } from '../errors/input';
import type { RlpItem } from './rlpReader';

/**
 * Readers for the fields of a transaction read by `readRlp`, each refusing a value that is not
 * canonical or not the right size with a sentence that names the field. Errors: INPUT_RAW_TX.
 */

export function refuse(sentence: string): never {
  throw new InputError('INPUT_RAW_TX', sentence);
}

/** The bytes of a string item; `label` starts the sentence ("The nonce"). */
export function bytesField(item: RlpItem | undefined, label: string): Uint8Array {
  if (item === undefined) refuse(`${label} is missing.`);
  if (item.kind !== 'bytes') refuse(`${label} must be a byte string, not a list.`);
  return item.bytes;
}

function canonical(item: RlpItem & { kind: 'bytes' }, label: string): void {
  if (item.prefixed) {
    refuse(`${label} is not encoded canonically: a single byte below 0x80 must stand alone, without a length prefix.`);
  }
}

/** An unsigned integer of at most `maxBytes` bytes, written without leading zeros. */
export function uintField(item: RlpItem | undefined, label: string, maxBytes: number): bigint {
  const bytes = bytesField(item, label);
  if (bytes[0] === 0)
    refuse(`${label} is written with a leading zero byte; nodes refuse integers that are not minimal.`);
  canonical(item as RlpItem & { kind: 'bytes' }, label);
  if (bytes.length > maxBytes) refuse(`${label} is too large: ${bytes.length} bytes, at most ${maxBytes}.`);
  return bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes));
}

/** Arbitrary bytes (the data field). */
export function dataField(item: RlpItem | undefined, label: string): Hex {
  const bytes = bytesField(item, label);
  canonical(item as RlpItem & { kind: 'bytes' }, label);
  return bytesToHex(bytes);
}

/** A 20-byte address, or null when empty and `allowEmpty` (a contract creation). */
export function addressField(item: RlpItem | undefined, label: string, allowEmpty: boolean): Address | null {
  const bytes = bytesField(item, label);
  if (bytes.length === 0) {
    if (allowEmpty) return null;
    refuse(`${label} is empty, but this type of transaction must name an address.`);
  }
  if (bytes.length !== 20) refuse(`${label} must be 20 bytes; it has ${bytes.length}.`);
  return getAddress(bytesToHex(bytes));
}

export function listField(item: RlpItem | undefined, label: string): RlpItem[] {
  if (item === undefined) refuse(`${label} is missing.`);
  if (item.kind !== 'list') refuse(`${label} must be a list.`);
  return item.items;
}

/** An EIP-2930 access list: [[address (20 bytes), [storage key (32 bytes), …]], …]. */
export function accessListField(item: RlpItem | undefined): AccessList {
  return listField(item, 'The access list').map((entry, index) => {
    const where = `Access list entry ${index + 1}`;
    const parts = listField(entry, where);
    if (parts.length !== 2) refuse(`${where} must hold exactly an address and a list of storage keys.`);
    const address = addressField(parts[0], `${where}: the address`, false) as Address;
    const storageKeys = listField(parts[1], `${where}: the storage keys`).map((key, keyIndex) => {
      const bytes = bytesField(key, `${where}, storage key ${keyIndex + 1}`);
      if (bytes.length !== 32)
        refuse(`${where}, storage key ${keyIndex + 1} must be 32 bytes; it has ${bytes.length}.`);
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
