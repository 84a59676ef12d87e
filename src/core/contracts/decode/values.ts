import { type AbiParameter, bytesToHex, getAddress, isAddress } from 'viem';
import { type AbiTypeShape, abiTypeLabel, abiTypeShape } from '../abiTypes';

/**
 * One decoded argument, event field or return value: its name as the ABI gives it (or `arg0`,
 * `arg1`… where the decoder names unnamed ones), its canonical type, the value as viem decoded it,
 * and its text from formatAbiValue.
 */
export type DecodedValue = { name: string; type: string; value: unknown; text: string };

/**
 * The text a person would type to get `value` back from parseAbiInput: numbers in decimal and exact
 * at any size, addresses checksummed, bytes as lower-case hex, a top-level string as it is. Arrays
 * and tuples are written as JSON-like text: strings, addresses and bytes in double quotes, numbers
 * unquoted, a tuple as `{"name": …}` when every component has a distinct name, else `[…]`.
 * Accepts what viem decodes (numbers for small ints, objects or arrays for tuples). Never throws: a
 * value that does not fit its type is written by its shape alone (see plainText).
 */
export function formatAbiValue(param: AbiParameter, value: unknown): string {
  try {
    const shape = abiTypeShape(param);
    if (shape.kind === 'string' && typeof value === 'string') return value;
    return write(shape, value, false) ?? plainText(value);
  } catch {
    return plainText(value);
  }
}

/**
 * Whether a value of this ABI or EIP-712 type reads as code (an address, bytes, a number, a
 * boolean, or an array of them): shown left to right. Strings and structs are text.
 */
export function readsAsCode(type: string): boolean {
  return /^(address|bool|bytes\d*|u?int\d*)(\[\d*\])*$/.test(type);
}

/**
 * A decoded value's text for showing among other text (a call on one line, a table of
 * arguments): as its `text`, but a top-level string is quoted too, so that a string cannot pass
 * for more arguments or for an address.
 */
export function inlineText(value: DecodedValue): string {
  return value.type === 'string' && typeof value.value === 'string' ? JSON.stringify(value.value) : value.text;
}

/** The values of `params`, each with its text; unnamed ones named by position when `unnamed` is 'position'. */
export function decodedValues(
  params: readonly AbiParameter[],
  values: readonly unknown[],
  unnamed: 'position' | 'blank' = 'position',
): DecodedValue[] {
  return params.map((param, i) => ({
    name: param.name || (unnamed === 'position' ? `arg${i}` : ''),
    type: abiTypeLabel(param),
    value: values[i],
    text: formatAbiValue(param, values[i]),
  }));
}

/** undefined when `value` does not fit the type. `nested` quotes strings, addresses and bytes. */
function write(shape: AbiTypeShape, value: unknown, nested: boolean): string | undefined {
  const quoted = (text: string) => (nested ? JSON.stringify(text) : text);
  switch (shape.kind) {
    case 'int':
      if (typeof value === 'bigint') return value.toString();
      return typeof value === 'number' && Number.isSafeInteger(value) ? value.toString() : undefined;
    case 'bool':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'address':
      return typeof value === 'string' && isAddress(value, { strict: false })
        ? quoted(getAddress(value.toLowerCase()))
        : undefined;
    case 'fixedBytes':
    case 'bytes': {
      const hex = value instanceof Uint8Array ? bytesToHex(value) : value;
      return typeof hex === 'string' && HEX.test(hex) ? quoted(hex.toLowerCase()) : undefined;
    }
    case 'string':
      return typeof value === 'string' ? JSON.stringify(value) : undefined;
    case 'array':
      return Array.isArray(value)
        ? list(value.map((item) => write(abiTypeShape(shape.element), item, true)))
        : undefined;
    case 'tuple': {
      if (typeof value !== 'object' || value === null) return undefined;
      const byName = !Array.isArray(value);
      const parts = shape.components.map((c, i) => {
        const item = byName ? (value as Record<string, unknown>)[c.name ?? ''] : (value as unknown[])[i];
        return write(abiTypeShape(c), item, true);
      });
      if (!shape.named) return list(parts);
      if (parts.some((p) => p === undefined)) return undefined;
      return `{${shape.components.map((c, i) => `${JSON.stringify(c.name)}: ${parts[i]}`).join(', ')}}`;
    }
  }
}

function list(parts: (string | undefined)[]): string | undefined {
  return parts.some((p) => p === undefined) ? undefined : `[${parts.join(', ')}]`;
}

const HEX = /^0x[0-9a-fA-F]*$/;

/**
 * Text for a value whatever its type says: bigints in decimal, arrays and unnamed tuples as
 * `[a, b]`, objects as `{key: a}`, bytes and hex as they are, other strings JSON-quoted, cycles
 * marked. Never throws.
 */
export function plainText(value: unknown): string {
  try {
    return plain(value, new Set());
  } catch {
    return '[unprintable]';
  }
}

function plain(value: unknown, seen: Set<object>): string {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return HEX.test(value) ? value : JSON.stringify(value);
  if (value === null || value === undefined) return String(value);
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object') return `[${typeof value}]`;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return `[${value.map((v) => plain(v, seen)).join(', ')}]`;
    const entries = Object.entries(value).map(([k, v]) => `${k}: ${plain(v, seen)}`);
    return `{${entries.join(', ')}}`;
  } finally {
    seen.delete(value);
  }
}
