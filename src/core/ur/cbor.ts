// The part of CBOR (RFC 8949) that Uniform Resources and the ERC-4527 types use: unsigned and
// negative integers, byte and text strings, arrays, maps, tags, true, false and null, with
// definite lengths. What a scanned code holds is untrusted: the decoder checks every length
// against what is left, limits nesting, refuses what it does not know and anything left over.
import { InputError } from '../errors/input';
import { type Message, msg } from '../i18n/message';

export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: CborValue,
  ) {}
}

export type CborValue =
  | number
  | bigint
  | Uint8Array
  | string
  | boolean
  | null
  | CborValue[]
  | Map<CborValue, CborValue>
  | CborTag;

const MAX_DEPTH = 32;

function head(major: number, value: number | bigint): Uint8Array {
  const n = BigInt(value);
  if (n < 0n || n >= 1n << 64n) throw new RangeError(`CBOR cannot hold ${n} here`);
  if (n < 24n) return Uint8Array.of((major << 5) | Number(n));
  const size = n < 0x100n ? 1 : n < 0x10000n ? 2 : n < 0x100000000n ? 4 : 8;
  const out = new Uint8Array(1 + size);
  out[0] = (major << 5) | { 1: 24, 2: 25, 4: 26, 8: 27 }[size];
  for (let i = 0; i < size; i++) out[size - i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
}

function encodeInto(value: CborValue, parts: Uint8Array[]): void {
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new RangeError('CBOR here holds integers only');
    parts.push(value < 0 ? head(1, -BigInt(value) - 1n) : head(0, value));
  } else if (value instanceof Uint8Array) parts.push(head(2, value.length), value);
  else if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    parts.push(head(3, bytes.length), bytes);
  } else if (value === false || value === true || value === null)
    parts.push(Uint8Array.of(value === null ? 0xf6 : value ? 0xf5 : 0xf4));
  else if (Array.isArray(value)) {
    parts.push(head(4, value.length));
    for (const item of value) encodeInto(item, parts);
  } else if (value instanceof Map) {
    parts.push(head(5, value.size));
    for (const [key, item] of value) {
      encodeInto(key, parts);
      encodeInto(item, parts);
    }
  } else {
    parts.push(head(6, value.tag));
    encodeInto(value.value, parts);
  }
}

/** `value` as CBOR, map entries in the order given. */
export function encodeCbor(value: CborValue): Uint8Array {
  const parts: Uint8Array[] = [];
  encodeInto(value, parts);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const refuse = (reason: Message) => new InputError('INPUT_QR', msg('core.devices:cbor.refused', { reason }));

/**
 * The value `bytes` encode, which must be exactly one item. Integers past 2^53 come back as
 * bigint. Throws INPUT_QR naming what is wrong (cut short, an unknown kind, too deep, bytes left over).
 */
export function decodeCbor(bytes: Uint8Array): CborValue {
  let at = 0;
  const take = (count: number): Uint8Array => {
    if (count > bytes.length - at) throw refuse(msg('core.devices:cbor.cutShort'));
    const out = bytes.subarray(at, at + count);
    at += count;
    return out;
  };
  const argument = (info: number): number | bigint => {
    if (info < 24) return info;
    const size = { 24: 1, 25: 2, 26: 4, 27: 8 }[info];
    if (size === undefined) throw refuse(msg('core.devices:cbor.indefinite'));
    let n = 0n;
    for (const byte of take(size)) n = (n << 8n) | BigInt(byte);
    return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  };
  const length = (info: number): number => {
    const n = argument(info);
    if (typeof n === 'bigint' || n > bytes.length - at) throw refuse(msg('core.devices:cbor.lengthPastEnd'));
    return n;
  };
  const item = (depth: number): CborValue => {
    if (depth > MAX_DEPTH) throw refuse(msg('core.devices:cbor.tooDeep'));
    const [initial] = take(1) as unknown as [number];
    const major = initial >> 5;
    const info = initial & 0x1f;
    switch (major) {
      case 0:
        return argument(info);
      case 1: {
        const n = argument(info);
        return typeof n === 'bigint' || n >= Number.MAX_SAFE_INTEGER ? -BigInt(n) - 1n : -n - 1;
      }
      case 2:
        return take(length(info)).slice();
      case 3:
        try {
          return new TextDecoder('utf-8', { fatal: true }).decode(take(length(info)));
        } catch (error) {
          if (error instanceof InputError) throw error;
          throw refuse(msg('core.devices:cbor.notUtf8'));
        }
      case 4:
        return Array.from({ length: length(info) }, () => item(depth + 1));
      case 5: {
        const map = new Map<CborValue, CborValue>();
        for (let i = length(info); i > 0; i--) {
          const key = item(depth + 1);
          if (map.has(key)) throw refuse(msg('core.devices:cbor.repeatedKey'));
          map.set(key, item(depth + 1));
        }
        return map;
      }
      case 6: {
        const tag = argument(info);
        if (typeof tag === 'bigint') throw refuse(msg('core.devices:cbor.tagTooLarge'));
        return new CborTag(tag, item(depth + 1));
      }
      default:
        if (initial === 0xf4) return false;
        if (initial === 0xf5) return true;
        if (initial === 0xf6) return null;
        throw refuse(msg('core.devices:cbor.float'));
    }
  };
  const value = item(0);
  if (at !== bytes.length) throw refuse(msg('core.devices:cbor.leftOver'));
  return value;
}
