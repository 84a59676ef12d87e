import { joinFrames, splitFrames } from '../frames';

/**
 * A message between a window and the vault host as bytes (to encrypt, where the BroadcastChannel
 * fallback cannot use structured clone): JSON for its shape, and byte arrays as frames of their
 * own beside it, so secret bytes never become text. What JSON cannot carry is written as an object
 * with one tag key: `$b` bigint, `$u` byte array (its frame), `$x` undefined, `$n` a number JSON
 * has no literal for (NaN, ±Infinity, -0). Keys of the message's own objects that start with `$`
 * get one more `$` in front, so no value a window or the host sends can pass for a tag.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const TAGS = ['$b', '$u', '$x', '$n'] as const;

/** Sets a property as the object's own, even one named `__proto__`. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function toJson(value: unknown, frames: Uint8Array[]): Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value) && !Object.is(value, -0) ? value : { $n: Object.is(value, -0) ? '-0' : `${value}` };
  }
  if (typeof value === 'bigint') return { $b: value.toString() };
  if (value === undefined) return { $x: 1 };
  if (value instanceof Uint8Array) {
    frames.push(value);
    return { $u: frames.length - 1 };
  }
  if (Array.isArray(value)) return Array.from(value, (item) => toJson(item, frames));
  if (typeof value === 'object' && isPlainObject(value)) {
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value))
      setOwn(out, key.startsWith('$') ? `$${key}` : key, toJson(item, frames));
    return out;
  }
  throw new TypeError(`A ${Object.prototype.toString.call(value)} cannot be sent to the vault host.`);
}

function fromJson(value: unknown, frames: readonly Uint8Array[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => fromJson(item, frames));
  const entries = Object.entries(value);
  const [tag, content] = entries.length === 1 ? (entries[0] as [string, unknown]) : [undefined, undefined];
  if (tag !== undefined && (TAGS as readonly string[]).includes(tag)) {
    if (tag === '$x') return undefined;
    if (tag === '$b' && typeof content === 'string') return BigInt(content);
    if (tag === '$n' && typeof content === 'string') return Number(content);
    const frame = typeof content === 'number' ? frames[content] : undefined;
    if (tag === '$u' && frame) return frame;
    throw new TypeError('malformed tag in a vault message');
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) setOwn(out, key.startsWith('$') ? key.slice(1) : key, fromJson(item, frames));
  return out;
}

/**
 * The message's bytes (the caller zero-fills them once sent: they hold copies of its byte arrays).
 * Throws TypeError, at once, for a value that is not plain data (a Map, a Date, a class instance).
 */
export function encodeMessage(value: unknown): Uint8Array {
  const frames: Uint8Array[] = [];
  const json = new TextEncoder().encode(JSON.stringify(toJson(value, frames)));
  return joinFrames([json, ...frames]);
}

/** The message again, exactly as encoded; byte arrays are copied out of `bytes`. Throws on malformed input. */
export function decodeMessage(bytes: Uint8Array): unknown {
  const [json, ...frames] = splitFrames(bytes) ?? [];
  if (!json) throw new TypeError('malformed vault message');
  return fromJson(JSON.parse(new TextDecoder().decode(json)), frames);
}
