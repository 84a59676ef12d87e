// EIP-712 signing in full with the Ledger Ethereum app: the types (E0 1A) and the values (E0 1C)
// are streamed, then E0 0C P2 01 signs. The app hashes on the device and shows the fields, not
// just two hashes. app-ethereum doc/ethapp.adoc (@ de180109) "SIGN ETH EIP 712": "The full
// implementation … has been supported since app version 1.9.19", and the 1A/1C field formats.
// Field order and value forms follow what hw-app-eth sends (checked byte for byte against its
// recorded exchanges: src/testing/vectors/ledger/eip712-full.json).
import { type Hex, hexToBytes, type TypedDataDefinition } from 'viem';
import { DeviceError } from '../errors/device';
import { msg } from '../i18n/message';
import { arrayType, atomicType, domainTypesOf, type TypedField } from '../signing/typedDataSchema';
import {
  appVersionAtLeast,
  type DeviceSignature,
  type Exchange,
  pathBytes,
  readMessageSignature,
  sendToEthApp,
} from './ethApp';

const INS = { definition: 0x1a, implementation: 0x1c, sign: 0x0c } as const;
const P2 = { structName: 0x00, field: 0xff, array: 0x0f, full: 0x01 } as const;
const P1 = { complete: 0x00, partial: 0x01 } as const;
const TYPE_KEY = { custom: 0, int: 1, uint: 2, address: 3, bool: 4, string: 5, fixedBytes: 6, bytes: 7 } as const;
const MIN_VERSION = [1, 9, 19] as const;

/** Whether an Ethereum app of this version (from getAppConfiguration) signs typed data in full. */
export function supportsFullTypedData(version: string): boolean {
  return appVersionAtLeast(version, MIN_VERSION);
}

type Send = (ins: number, p1: number, p2: number, data: Uint8Array) => Promise<Uint8Array>;

const text = (value: string) => new TextEncoder().encode(value);

function shortField(bytes: Uint8Array, what: string): Uint8Array {
  if (bytes.length > 255) throw new RangeError(`${what} is longer than 255 bytes, more than the Ledger takes`);
  return Uint8Array.of(bytes.length, ...bytes);
}

/** `T[2][]` as its base type and its array levels left to right (null for a dynamic one). */
function splitType(type: string): { base: string; levels: (number | null)[] } {
  const levels: (number | null)[] = [];
  let base = type;
  for (let array = arrayType(base); array; array = arrayType(base)) {
    levels.unshift(array.length ?? null);
    base = array.item;
  }
  return { base, levels };
}

/** One struct field as E0 1A describes it: type byte, struct name, size, array levels, field name. */
function fieldDefinition({ name, type }: TypedField): Uint8Array {
  const { base, levels } = splitType(type);
  const atomic = atomicType(base);
  const key = !atomic
    ? TYPE_KEY.custom
    : atomic.kind === 'integer'
      ? atomic.signed
        ? TYPE_KEY.int
        : TYPE_KEY.uint
      : TYPE_KEY[atomic.kind];
  const size = atomic?.kind === 'integer' ? atomic.bits / 8 : atomic?.kind === 'fixedBytes' ? atomic.size : undefined;
  const out = [(levels.length > 0 ? 0x80 : 0) | (size === undefined ? 0 : 0x40) | key];
  if (!atomic) out.push(...shortField(text(base), `the type name ${base}`));
  if (size !== undefined) out.push(size);
  if (levels.length > 0) {
    out.push(levels.length);
    for (const level of levels) out.push(...(level === null ? [0] : [1, level]));
  }
  out.push(...shortField(text(name), `the field name ${name}`));
  return Uint8Array.from(out);
}

function integer(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?(0x[0-9a-fA-F]+|[0-9]+)$/.test(value))
    return value.startsWith('-') ? -BigInt(value.slice(1)) : BigInt(value);
  throw new RangeError(`not an integer: ${String(value)}`);
}

/** Big-endian bytes of a non-negative integer, as few as hold it (at least one). */
function minimalBytes(value: bigint): Uint8Array {
  const digits = value.toString(16);
  return hexToBytes(`0x${digits.length % 2 ? '0' : ''}${digits}`);
}

function hexValue(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value))
    throw new RangeError(`not ${what}: ${String(value)}`);
  return hexToBytes(value as Hex);
}

/**
 * An atomic value as E0 1C takes it, raw: integers big-endian in as few bytes as hold them, and a
 * negative one in two's complement over its type's size (int8 −128 is 80), bool one byte,
 * address 20 bytes, string UTF-8, bytes as they are.
 */
function atomicValue(type: string, value: unknown): Uint8Array {
  const atomic = atomicType(type);
  if (!atomic) throw new RangeError(`not an EIP-712 type: ${type}`);
  switch (atomic.kind) {
    case 'integer': {
      const n = integer(value);
      const limit = 1n << BigInt(atomic.signed ? atomic.bits - 1 : atomic.bits);
      if (n >= limit || n < (atomic.signed ? -limit : 0n)) throw new RangeError(`${n} does not fit ${type}`);
      if (n >= 0n) return minimalBytes(n);
      return hexToBytes(`0x${((1n << BigInt(atomic.bits)) + n).toString(16).padStart(atomic.bits / 4, '0')}`);
    }
    case 'bool':
      if (typeof value !== 'boolean') throw new RangeError(`not a bool: ${String(value)}`);
      return Uint8Array.of(value ? 1 : 0);
    case 'address': {
      const bytes = hexValue(value, 'an address');
      if (bytes.length !== 20) throw new RangeError(`not an address: ${String(value)}`);
      return bytes;
    }
    case 'string':
      if (typeof value !== 'string') throw new RangeError(`not a string: ${String(value)}`);
      return text(value);
    case 'fixedBytes': {
      const bytes = hexValue(value, type);
      if (bytes.length > atomic.size) throw new RangeError(`more than ${atomic.size} bytes for ${type}`);
      return bytes;
    }
    case 'bytes':
      return hexValue(value, 'bytes');
  }
}

/** A field's value: its 2-byte length then the value, in APDUs of up to 255 bytes (P1 01 until the last). */
async function sendFieldValue(send: Send, value: Uint8Array): Promise<void> {
  if (value.length > 0xffff) throw new RangeError('a typed-data value is at most 65535 bytes for the Ledger');
  const data = Uint8Array.of(value.length >> 8, value.length & 0xff, ...value);
  for (let offset = 0; offset < data.length; offset += 255) {
    const last = offset + 255 >= data.length;
    await send(INS.implementation, last ? P1.complete : P1.partial, P2.field, data.subarray(offset, offset + 255));
  }
}

type Types = Readonly<Record<string, readonly TypedField[]>>;

/** Sends `value` of `type` depth first: an array's length then its items, a struct's fields in type order. */
async function sendValue(send: Send, types: Types, type: string, value: unknown): Promise<void> {
  const array = arrayType(type);
  if (array) {
    if (!Array.isArray(value) || value.length > 255) throw new RangeError(`not an array of at most 255 items: ${type}`);
    await send(INS.implementation, P1.complete, P2.array, Uint8Array.of(value.length));
    for (const item of value) await sendValue(send, types, array.item, item);
    return;
  }
  const struct = types[type];
  if (!struct) return sendFieldValue(send, atomicValue(type, value));
  if (typeof value !== 'object' || value === null) throw new RangeError(`not a ${type} struct`);
  for (const field of struct) await sendValue(send, types, field.type, (value as Record<string, unknown>)[field.name]);
}

/**
 * Signs typed data at `path`, the Ledger showing its fields: every type (sorted by name, as
 * hw-app-eth sends them), the domain's values, the message's values, then the signing request.
 * `appVersion` is the Ethereum app's (getAppConfiguration): below 1.9.19 nothing is sent and
 * DeviceError DEVICE_REFUSED says to update the app (or sign by hashes, signLedgerTypedDataHashes).
 * Other errors: what the status words stand for (DEVICE_REJECTED when the person declines…),
 * DEVICE_DISCONNECTED, DEVICE_ANSWER; InputError INPUT_TYPED_DATA for a domain field EIP-712 does not
 * know; RangeError for a value that does not fit its type (typed data is checked before it comes
 * here: parseTypedDataJson). The caller recovers the signer and compares it with the account.
 */
export async function signLedgerTypedData(
  exchange: Exchange,
  path: string,
  typedData: TypedDataDefinition,
  appVersion: string,
): Promise<DeviceSignature> {
  if (!supportsFullTypedData(appVersion))
    throw new DeviceError('DEVICE_REFUSED', msg('core.devices:ledger.tooOldForTypedData'), {
      details: `Ethereum app ${appVersion}`,
    });
  const domain = (typedData.domain ?? {}) as Record<string, unknown>;
  const given = typedData.types as Types;
  const types: Types = { ...given, EIP712Domain: given.EIP712Domain ?? domainTypesOf(domain) };
  const send: Send = (ins, p1, p2, data) => sendToEthApp(exchange, ins, p1, p2, data);

  const names = Object.keys(types).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    await send(INS.definition, P1.complete, P2.structName, text(name));
    for (const field of types[name] ?? []) await send(INS.definition, P1.complete, P2.field, fieldDefinition(field));
  }
  for (const [root, values] of [
    ['EIP712Domain', domain],
    [typedData.primaryType as string, typedData.message as Record<string, unknown>],
  ] as const) {
    await send(INS.implementation, P1.complete, P2.structName, text(root));
    for (const field of types[root] ?? []) await sendValue(send, types, field.type, values[field.name]);
  }
  return readMessageSignature(await send(INS.sign, 0x00, P2.full, pathBytes(path)));
}
