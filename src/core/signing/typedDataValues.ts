import { getAddress } from 'viem';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { unpairedSurrogateAt } from './text';
import { type AtomicType, arrayType, atomicType, type TypedDataTypes } from './typedDataSchema';

// The values of EIP-712 typed data, checked against their declared types and put in one form:
// integers as bigint, addresses checksummed, bytes as lowercase hex, structs with exactly their
// declared fields.

/** Deeper nesting than this is refused (real requests stay far below it). */
export const MAX_TYPED_DATA_DEPTH = 32;

function refuse(sentence: Message): never {
  throw new InputError('INPUT_TYPED_DATA', sentence);
}

/** A value from the typed data as it appears in a sentence: JSON, bounded, as the site wrote it. */
function shown(value: unknown) {
  const text = JSON.stringify(value) ?? String(value);
  return untrustedValue(text.length > 48 ? `${text.slice(0, 47)}…` : text, 'whole');
}

function hexBytes(value: unknown, path: string, what: string): string {
  const field = codeValue(path);
  if (typeof value !== 'string' || !/^0x/i.test(value)) {
    refuse(msg('core.signing:values.notHex', { field, value: shown(value), type: codeValue(what) }));
  }
  const bad = value.slice(2).search(/[^0-9a-fA-F]/);
  if (bad !== -1) refuse(msg('core.signing:values.badHexDigit', { field, position: bad + 3, value: shown(value) }));
  if (value.length % 2 !== 0) refuse(msg('core.signing:values.oddHex', { field, value: shown(value) }));
  return value.toLowerCase();
}

function integer(value: unknown, path: string, signed: boolean, bits: number): bigint {
  const field = codeValue(path);
  const type = codeValue(`${signed ? '' : 'u'}int${bits}`);
  let number: bigint;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) refuse(msg('core.signing:values.notWhole', { field, value: shown(value), type }));
    if (!Number.isSafeInteger(value)) refuse(msg('core.signing:values.unsafeNumber', { field, value: shown(value) }));
    number = BigInt(value);
  } else if (typeof value === 'string' && /^-?[0-9]+$|^0x[0-9a-fA-F]+$/.test(value)) {
    number = BigInt(value);
  } else {
    refuse(msg('core.signing:values.notNumber', { field, value: shown(value), type }));
  }
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  if (number < min || number > max) {
    refuse(
      msg('core.signing:values.outOfRange', {
        field,
        value: shown(value),
        type,
        min: codeValue(String(min)),
        max: codeValue(String(max)),
      }),
    );
  }
  return number;
}

function address(value: unknown, path: string): string {
  const field = codeValue(path);
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    refuse(msg('core.signing:values.notAddress', { field, value: shown(value) }));
  }
  const checksummed = getAddress(value.toLowerCase());
  const digits = value.slice(2);
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixedCase && value !== checksummed) {
    refuse(msg('core.signing:values.checksum', { field, address: codeValue(value) }));
  }
  return checksummed;
}

function atomic(kind: AtomicType, value: unknown, path: string): unknown {
  const field = codeValue(path);
  switch (kind.kind) {
    case 'address':
      return address(value, path);
    case 'bool':
      if (typeof value !== 'boolean') refuse(msg('core.signing:values.notBool', { field, value: shown(value) }));
      return value;
    case 'string': {
      if (typeof value !== 'string') refuse(msg('core.signing:values.notString', { field, value: shown(value) }));
      const bad = unpairedSurrogateAt(value);
      if (bad !== -1) refuse(msg('core.signing:values.badUnicode', { field, position: bad + 1 }));
      return value;
    }
    case 'bytes':
      return hexBytes(value, path, 'bytes');
    case 'fixedBytes': {
      const hex = hexBytes(value, path, `bytes${kind.size}`);
      const size = (hex.length - 2) / 2;
      if (size !== kind.size) {
        refuse(
          msg('core.signing:values.wrongSize', {
            field,
            size,
            type: codeValue(`bytes${kind.size}`),
            expected: kind.size,
          }),
        );
      }
      return hex;
    }
    case 'integer':
      return integer(value, path, kind.signed, kind.bits);
  }
}

function present(value: unknown, path: string): unknown {
  if (value === undefined) refuse(msg('core.signing:values.missing', { field: codeValue(path) }));
  if (value === null) refuse(msg('core.signing:values.null', { field: codeValue(path) }));
  return value;
}

function normalizeValue(types: TypedDataTypes, type: string, value: unknown, path: string, depth: number): unknown {
  present(value, path);
  if (Object.hasOwn(types, type)) return normalizeStruct(types, type, value, path, depth + 1);
  const field = codeValue(path);
  const array = arrayType(type);
  if (array) {
    if (depth >= MAX_TYPED_DATA_DEPTH) refuse(msg('core.signing:values.tooDeep', { field, max: MAX_TYPED_DATA_DEPTH }));
    if (!Array.isArray(value))
      refuse(msg('core.signing:values.notList', { field, value: shown(value), type: codeValue(type) }));
    if (array.length !== undefined && value.length !== array.length) {
      refuse(
        msg('core.signing:values.wrongLength', {
          field,
          count: value.length,
          type: codeValue(type),
          expected: array.length,
        }),
      );
    }
    return value.map((item, i) => normalizeValue(types, array.item, item, `${path}[${i}]`, depth + 1));
  }
  const kind = atomicType(type);
  // readTypes has checked every field type, so this only guards against a caller skipping it.
  if (!kind) refuse(msg('core.signing:values.undefinedType', { field, type: untrustedValue(type, 'whole') }));
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
  const field = codeValue(path);
  if (depth > MAX_TYPED_DATA_DEPTH) refuse(msg('core.signing:values.tooDeep', { field, max: MAX_TYPED_DATA_DEPTH }));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    refuse(msg('core.signing:values.notObject', { field, value: shown(value), type: codeValue(type) }));
  }
  const fields = Object.hasOwn(types, type) ? (types[type] ?? []) : [];
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!fields.some((field) => field.name === key)) {
      refuse(
        msg('core.signing:values.undeclaredField', {
          field: untrustedValue(`${path}.${key}`, 'whole'),
          type: codeValue(type),
        }),
      );
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
