import { getAddress, isAddress } from 'viem';
import { untrustedText } from '../text/untrustedText';
import type { SignableTypedData } from './typedData';
import { arrayType, atomicType, domainTypesOf, type TypedDataTypes } from './typedDataSchema';

/** One line of the readable view of typed data: a field, its type, and its value or children. */
export type TypedDataNode = {
  label: string;
  type: string;
  value?: string;
  /** The value had invisible or direction-changing characters, now shown as `\u{…}` codes. */
  hidden?: true;
  children?: TypedDataNode[];
};

export type TypedDataTree = { domain: TypedDataNode; message: TypedDataNode | undefined };

function formatAtomic(type: string, value: unknown): string {
  const kind = atomicType(type)?.kind;
  if (kind === 'address' && typeof value === 'string' && isAddress(value, { strict: false })) return getAddress(value);
  if (kind === 'integer' && (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string')) {
    return BigInt(value).toString();
  }
  if ((kind === 'bytes' || kind === 'fixedBytes') && typeof value === 'string') return value.toLowerCase();
  return String(value);
}

function node(types: TypedDataTypes, label: string, type: string, value: unknown): TypedDataNode {
  const fields = Object.hasOwn(types, type) ? types[type] : undefined;
  if (fields) {
    const record = (value ?? {}) as Record<string, unknown>;
    return { label, type, children: fields.map((f) => node(types, f.name, f.type, record[f.name])) };
  }
  const array = arrayType(type);
  if (array && Array.isArray(value)) {
    return { label, type, children: value.map((item, i) => node(types, `[${i}]`, array.item, item)) };
  }
  if (atomicType(type)?.kind === 'string' && typeof value === 'string') {
    const shown = untrustedText(value, 'whole');
    return shown.hidden ? { label, type, value: shown.text, hidden: true } : { label, type, value };
  }
  return { label, type, value: formatAtomic(type, value) };
}

/** Whether any value in the tree had characters that are now shown as codes. */
export function hasHiddenCharacters(node: TypedDataNode | undefined): boolean {
  return node !== undefined && (node.hidden === true || (node.children ?? []).some(hasHiddenCharacters));
}

/**
 * The domain and the message as trees for display, in the order of their declared fields:
 * structs and arrays have children, everything else a value as text (addresses checksummed,
 * integers in decimal, bytes as hex). `message` is undefined when only the domain is signed.
 */
export function typedDataTree(typedData: SignableTypedData): TypedDataTree {
  const domainFields = typedData.types.EIP712Domain ?? domainTypesOf(typedData.domain as Record<string, unknown>);
  const types = { ...typedData.types, EIP712Domain: domainFields };
  return {
    domain: node(types, 'domain', 'EIP712Domain', typedData.domain),
    message:
      typedData.primaryType === 'EIP712Domain'
        ? undefined
        : node(types, 'message', typedData.primaryType, typedData.message),
  };
}
