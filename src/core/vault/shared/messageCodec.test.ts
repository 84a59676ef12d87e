import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from './messageCodec';

/** Keys a person's data can have, including every tag and escape this codec uses. */
const key = fc.oneof(
  fc.string(),
  fc.constantFrom('$b', '$u', '$x', '$n', '$$b', '$', '$$', '__proto__', 'constructor', 'toJSON'),
);

const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.double(),
    fc.string(),
    fc.bigInt(),
    fc.uint8Array({ maxLength: 40 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5, noNullPrototype: true }),
  ),
}));

/**
 * Exactly the same data: Object.is for primitives (NaN, -0), the same bytes, the same own keys
 * (a key holding undefined is not a missing key) and prototypes. (toStrictEqual also compares
 * `constructor`, which this data may carry as an ordinary key.)
 */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return a instanceof Uint8Array && b instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);
  }
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Reflect.ownKeys(a);
  const other = Reflect.ownKeys(b);
  return (
    keys.length === other.length &&
    keys.every(
      (k) => other.includes(k) && same((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k]),
    )
  );
}

describe('vault channel messages', () => {
  it('round-trip exactly: any JSON-like value with bigints, byte arrays, undefined and odd numbers', () => {
    fc.assert(
      fc.property(value, (message) => {
        expect(same(decodeMessage(encodeMessage(message)), message)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('keep data that looks like a tag as data (typed data whose message is { $b: "12" } stays that)', () => {
    const typedData = { message: { $b: '12' }, other: { $u: 0 }, odd: { $b: 'not a number' }, $x: 1 };
    expect(same(decodeMessage(encodeMessage(typedData)), typedData)).toBe(true);
  });

  it('do not turn a key named __proto__ into a prototype', () => {
    const message = JSON.parse('{"__proto__": {"polluted": true}}');
    const decoded = decodeMessage(encodeMessage(message)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('carry byte arrays as bytes beside the text, never inside it', () => {
    const secret = new TextEncoder().encode('abandon ability able');
    const encoded = encodeMessage({ phrase: secret });
    const text = new TextDecoder().decode(encoded.subarray(0, encoded.length - secret.length));
    expect(text).not.toContain('abandon');
    expect(text).not.toContain(btoa('abandon ability able').slice(0, 12));
  });

  it('refuse, at once, a value that is not plain data', () => {
    for (const bad of [new Map(), new Date(0), () => 1, Symbol('s'), new (class Thing {})()]) {
      expect(() => encodeMessage({ bad })).toThrow(TypeError);
    }
  });
});
