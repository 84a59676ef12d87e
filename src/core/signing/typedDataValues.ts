import { getAddress } from 'viem';
import { InputError } from '../errors/input';
import { unpairedSurrogateAt } from './text';
import { type AtomicType, arrayType, atomicType, type TypedDataTypes } from './typedDataSchema';

// The values of EIP-712 typed data, checked against their declared types and put in one form:
// integers as bigint, addresses checksummed, bytes as lowercase hex, structs with exactly their
// declared fields.

/** Deeper nesting than this is refused (real requests stay far below it). */
export const MAX_TYPED_DATA_DEPTH = 32;

function refuse(sentence: string): never {
  throw new InputError('INPUT_TYPED_DATA', sentence);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

function hexBytes(value: unknown, path: string, what: string): string {
  if (typeof value !== 'string' || !/^0x/i.test(value)) refuse(`${path}: ${shown(value)} is not ${what} (0x and hex).`);
  const bad = value.slice(2).search(/[^0-9a-fA-F]/);
  if (bad !== -1) refuse(`${path}: character ${bad + 3} of ${shown(value)} is not a hex digit.`);
  if (value.length % 2 !== 0) refuse(`${path}: ${shown(value)} has an odd number of hex digits; bytes take two each.`);
  return value.toLowerCase();
}

function integer(value: unknown, path: string, signed: boolean, bits: number): bigint {
  const type = `${signed ? '' : 'u'}int${bits}`;
  let number: bigint;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) refuse(`${path}: ${shown(value)} is not a whole number, as ${type} needs.`);
    if (!Number.isSafeInteger(value)) {
      refuse(`${path}: ${shown(value)} is too large to be exact as a JSON number; write it as a string.`);
    }
    number = BigInt(value);
  } else if (typeof value === 'string' && /^-?[0-9]+$|^0x[0-9a-fA-F]+$/.test(value)) {
    number = BigInt(value);
  } else {
    refuse(`${path}: ${shown(value)} is not a number (${type}).`);
  }
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  if (number < min || number > max) refuse(`${path}: ${shown(value)} does not fit in ${type} (${min} to ${max}).`);
  return number;
}

function address(value: unknown, path: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    refuse(`${path}: ${shown(value)} is not an address (0x and 40 hex digits).`);
  }
  const checksummed = getAddress(value.toLowerCase());
  const digits = value.slice(2);
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixedCase && value !== checksummed) {
    refuse(`${path}: the capital letters in ${value} do not match its checksum (EIP-55); it may have a typo.`);
  }
  return checksummed;
}

function atomic(kind: AtomicType, value: unknown, path: string): unknown {
  switch (kind.kind) {
    case 'address':
      return address(value, path);
    case 'bool':
      if (typeof value !== 'boolean') refuse(`${path}: ${shown(value)} is not true or false.`);
      return value;
    case 'string': {
      if (typeof value !== 'string') refuse(`${path}: ${shown(value)} is not a string.`);
      const bad = unpairedSurrogateAt(value);
      if (bad !== -1) refuse(`${path}: character ${bad + 1} is not valid Unicode, so the text has no exact bytes.`);
      return value;
    }
    case 'bytes':
      return hexBytes(value, path, 'bytes');
    case 'fixedBytes': {
      const hex = hexBytes(value, path, `bytes${kind.size}`);
      const size = (hex.length - 2) / 2;
      if (size !== kind.size) refuse(`${path}: ${size} bytes given; bytes${kind.size} takes exactly ${kind.size}.`);
      return hex;
    }
    case 'integer':
      return integer(value, path, kind.signed, kind.bits);
  }
}

function present(value: unknown, path: string): unknown {
  if (value === undefined) refuse(`${path} is missing.`);
  if (value === null) refuse(`${path} is null; it needs a value.`);
  return value;
}

function normalizeValue(types: TypedDataTypes, type: string, value: unknown, path: string, depth: number): unknown {
  present(value, path);
  if (Object.hasOwn(types, type)) return normalizeStruct(types, type, value, path, depth + 1);
  const array = arrayType(type);
  if (array) {
    if (depth >= MAX_TYPED_DATA_DEPTH) refuse(`${path} is nested more than ${MAX_TYPED_DATA_DEPTH} levels deep.`);
    if (!Array.isArray(value)) refuse(`${path}: ${shown(value)} is not a list (${type}).`);
    if (array.length !== undefined && value.length !== array.length) {
      refuse(`${path} has ${value.length} items; ${type} takes exactly ${array.length}.`);
    }
    return value.map((item, i) => normalizeValue(types, array.item, item, `${path}[${i}]`, depth + 1));
  }
  const kind = atomicType(type);
  // readTypes has checked every field type, so this only guards against a caller skipping it.
  if (!kind) refuse(`${path} has type “${type}”, which is not defined in types.`);
  return atomic(kind, value, path);
}

/**
 * The value of a struct, every declared field present and valid, no field left undeclared
 * (an undeclared field would be shown but not signed). Paths in errors read like
 * `message.to.wallet` or `message.to[0].wallet`.
 *
 * Errors: INPUT_TYPED_DATA.
 */
export function normalizeStruct(
  types: TypedDataTypes,
  type: string,
  value: unknown,
  path: string,
  depth = 0,
): Record<string, unknown> {
  if (depth > MAX_TYPED_DATA_DEPTH) refuse(`${path} is nested more than ${MAX_TYPED_DATA_DEPTH} levels deep.`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    refuse(`${path}: ${shown(value)} is not an object (${type}).`);
  }
  const fields = Object.hasOwn(types, type) ? (types[type] ?? []) : [];
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!fields.some((field) => field.name === key)) {
      refuse(`${path}.${key} is not a field of ${type}, so it would not be signed.`);
    }
  }
  // Own properties only, and fromEntries rather than assignment, so a field named like an
  // Object.prototype member (constructor, __proto__) is read and written as a plain field.
  return Object.fromEntries(
    fields.map((field) => {
      const item = Object.hasOwn(record, field.name) ? record[field.name] : undefined;
      return [field.name, normalizeValue(types, field.type, item, `${path}.${field.name}`, depth)];
    }),
  );
}
