import { InputError } from '../errors/input';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { isRecord } from '../text/guards';

// The `types` part of EIP-712 typed data: struct definitions, checked before any value is read.

export type TypedField = { name: string; type: string };
export type TypedDataTypes = Record<string, readonly TypedField[]>;

export type AtomicType =
  | { kind: 'address' | 'bool' | 'string' | 'bytes' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'integer'; signed: boolean; bits: number };

/** The standard domain fields, in the order EIP-712 lists them, with their types. */
export const DOMAIN_FIELDS: readonly TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

// viem's type-dependency walk reads names with \w, so `$` or other characters would be
// silently cut; names are kept to what it reads whole.
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function refuse(sentence: Message): never {
  throw new InputError('INPUT_TYPED_DATA', sentence);
}

export function atomicType(type: string): AtomicType | undefined {
  if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes') return { kind: type };
  const bytes = /^bytes([1-9][0-9]?)$/.exec(type);
  if (bytes) {
    const size = Number(bytes[1]);
    return size <= 32 ? { kind: 'fixedBytes', size } : undefined;
  }
  const integer = /^(u?)int([1-9][0-9]{0,2})$/.exec(type);
  if (integer) {
    const bits = Number(integer[2]);
    return bits % 8 === 0 && bits <= 256 ? { kind: 'integer', signed: integer[1] === '', bits } : undefined;
  }
  return undefined;
}

/** `T[]` or `T[n]` split into its item type and fixed length; undefined when not an array. */
export function arrayType(type: string): { item: string; length: number | undefined } | undefined {
  const match = /^(.+)\[([0-9]*)\]$/.exec(type);
  if (!match?.[1]) return undefined;
  return { item: match[1], length: match[2] ? Number(match[2]) : undefined };
}

function checkFieldType(type: string, where: string, defined: Set<string>): void {
  const field = codeValue(where);
  let base = type;
  for (let array = arrayType(base); array; array = arrayType(base)) {
    if (array.length === 0) refuse(msg('core.signing:types.emptyArray', { field }));
    base = array.item;
  }
  if (atomicType(base) || defined.has(base)) return;
  if (base === 'int' || base === 'uint') {
    refuse(msg('core.signing:types.noSize', { field, type: codeValue(base), example: codeValue(`${base}256`) }));
  }
  if (base === 'byte') refuse(msg('core.signing:types.byte', { field }));
  refuse(msg('core.signing:types.undefinedType', { field, type: untrustedValue(base, 'whole') }));
}

// viem refuses a struct whose name is a basic type or begins with bytes/int/uint (its check reads
// only the start of the name), so such a name is refused here with a clearer reason.
function checkTypeName(name: string): void {
  if (!IDENTIFIER.test(name)) {
    refuse(msg('core.signing:types.badTypeName', { name: untrustedValue(name, 'whole') }));
  }
  if (/^(address|bool|string)$|^(bytes|int|uint)/.test(name)) {
    refuse(msg('core.signing:types.reservedTypeName', { field: codeValue(`types.${name}`) }));
  }
}

/**
 * Checks the `types` object: every struct a list of uniquely named fields, every field type an
 * EIP-712 type or a struct defined here, EIP712Domain (if given) made of standard domain fields.
 *
 * Errors: INPUT_TYPED_DATA.
 */
export function readTypes(raw: unknown): TypedDataTypes {
  if (!isRecord(raw)) refuse(msg('core.signing:types.notObject'));
  const defined = new Set(Object.keys(raw));
  const entries = Object.entries(raw).map(([name, fields]): [string, TypedField[]] => {
    if (name !== 'EIP712Domain') checkTypeName(name);
    if (!Array.isArray(fields))
      refuse(
        msg('core.signing:types.notList', {
          field: codeValue(`types.${name}`),
          example: codeValue('{"name": "to", "type": "address"}'),
        }),
      );
    const seen = new Set<string>();
    const checked = fields.map((field: unknown, index) => {
      if (!isRecord(field) || typeof field.name !== 'string' || typeof field.type !== 'string') {
        refuse(msg('core.signing:types.badField', { field: codeValue(`types.${name}[${index}]`) }));
      }
      const { name: fieldName, type } = field as TypedField;
      if (!IDENTIFIER.test(fieldName)) {
        refuse(
          msg('core.signing:types.badFieldName', {
            field: codeValue(`types.${name}[${index}]`),
            name: untrustedValue(fieldName, 'whole'),
          }),
        );
      }
      if (seen.has(fieldName)) {
        refuse(
          msg('core.signing:types.duplicateField', { field: codeValue(`types.${name}`), name: codeValue(fieldName) }),
        );
      }
      seen.add(fieldName);
      checkFieldType(type, `types.${name}.${fieldName}`, defined);
      return { name: fieldName, type };
    });
    return [name, checked];
  });
  const types: TypedDataTypes = Object.fromEntries(entries);
  for (const field of types.EIP712Domain ?? []) {
    const standard = DOMAIN_FIELDS.find((f) => f.name === field.name);
    if (!standard) {
      refuse(msg('core.signing:types.domainField', { name: codeValue(field.name) }));
    }
    if (standard.type !== field.type) {
      refuse(
        msg('core.signing:types.domainFieldType', {
          field: codeValue(`types.EIP712Domain.${field.name}`),
          type: codeValue(field.type),
          expected: codeValue(standard.type),
        }),
      );
    }
  }
  return types;
}

/** The EIP712Domain fields for a domain given without them: those present, in standard order. */
export function domainTypesOf(domain: Record<string, unknown>): TypedField[] {
  for (const key of Object.keys(domain)) {
    if (!DOMAIN_FIELDS.some((f) => f.name === key)) {
      refuse(msg('core.signing:types.notDomainField', { field: untrustedValue(`domain.${key}`, 'whole') }));
    }
  }
  return DOMAIN_FIELDS.filter((field) => field.name in domain);
}
