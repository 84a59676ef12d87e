import fc from 'fast-check';
import { type AbiParameter, bytesToHex, decodeAbiParameters, encodeAbiParameters, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/input';
import { parseAbiInput } from './abiInput';
import { abiTypeShape } from './abiTypes';
import { formatAbiValue } from './decode/values';

/** Solidity-style identifiers for component names. */
const identifier = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,6}$/);
const byteCount = fc.integer({ min: 1, max: 32 });

const leafType: fc.Arbitrary<AbiParameter> = fc.oneof(
  fc.tuple(fc.boolean(), byteCount).map(([signed, n]) => ({ type: `${signed ? 'int' : 'uint'}${n * 8}` })),
  fc.constant({ type: 'address' }),
  fc.constant({ type: 'bool' }),
  byteCount.map((n) => ({ type: `bytes${n}` })),
  fc.constant({ type: 'bytes' }),
  fc.constant({ type: 'string' }),
);

/** An ABI parameter type nested at most `depth` levels: scalars, T[], T[k] and tuples. */
function abiType(depth: number): fc.Arbitrary<AbiParameter> {
  if (depth === 0) return leafType;
  const inner = abiType(depth - 1);
  const tuple = fc
    .integer({ min: 1, max: 3 })
    .chain((n) =>
      fc.tuple(
        fc.uniqueArray(identifier, { minLength: n, maxLength: n }),
        fc.array(inner, { minLength: n, maxLength: n }),
        fc.boolean(),
      ),
    )
    .map(
      ([names, types, named]): AbiParameter => ({
        type: 'tuple',
        components: types.map((t, i) => ({ ...t, name: named ? names[i] : '' })),
      }),
    );
  return fc.oneof(
    { arbitrary: leafType, weight: 3 },
    { arbitrary: inner.map((p) => ({ ...p, type: `${p.type}[]` }) as AbiParameter), weight: 1 },
    {
      arbitrary: fc
        .tuple(inner, fc.integer({ min: 1, max: 3 }))
        .map(([p, k]) => ({ ...p, type: `${p.type}[${k}]` }) as AbiParameter),
      weight: 1,
    },
    { arbitrary: tuple, weight: 1 },
  );
}

/** A value of the type, in the form parseAbiInput returns (bigints, checksummed addresses, lower-case hex). */
function abiValue(param: AbiParameter): fc.Arbitrary<unknown> {
  const shape = abiTypeShape(param);
  switch (shape.kind) {
    case 'int':
      return fc.bigInt({ min: shape.min, max: shape.max });
    case 'address':
      return fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(bytesToHex(b)));
    case 'bool':
      return fc.boolean();
    case 'fixedBytes':
      return fc.uint8Array({ minLength: shape.size, maxLength: shape.size }).map(bytesToHex);
    case 'bytes':
      return fc.uint8Array({ maxLength: 40 }).map(bytesToHex);
    case 'string':
      return fc.string({ unit: 'binary', maxLength: 12 });
    case 'array': {
      const item = abiValue(shape.element);
      return shape.length === undefined
        ? fc.array(item, { maxLength: 3 })
        : fc.array(item, { minLength: shape.length, maxLength: shape.length });
    }
    case 'tuple': {
      const parts = shape.components.map(abiValue);
      if (!shape.named) return fc.tuple(...parts);
      return fc
        .tuple(...parts)
        .map((values) => Object.fromEntries(values.map((v, i) => [shape.components[i]?.name, v])));
    }
  }
}

const typedValue = fc
  .tuple(abiType(3), fc.constantFrom('x', ''))
  .map(([p, name]) => ({ ...p, name }) as AbiParameter)
  .chain((param) => abiValue(param).map((value) => ({ param, value })));

// 300 random values of random types: a few seconds on a busy machine, past the default 5 s.
describe('parseAbiInput ∘ formatAbiValue', { timeout: 30_000 }, () => {
  it('gives back every value of every type, and viem encodes it', () => {
    fc.assert(
      fc.property(typedValue, ({ param, value }) => {
        const parsed = parseAbiInput(param, formatAbiValue(param, value));
        expect(parsed).toEqual(value);
        expect(() => encodeAbiParameters([param], [parsed])).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('reads back what viem decodes (small ints as numbers, tuples as objects or arrays) to the same encoding', () => {
    fc.assert(
      fc.property(typedValue, ({ param, value }) => {
        const encoded = encodeAbiParameters([param], [value]);
        const [decoded] = decodeAbiParameters([param], encoded);
        const parsed = parseAbiInput(param, formatAbiValue(param, decoded));
        expect(encodeAbiParameters([param], [parsed])).toBe(encoded);
      }),
      { numRuns: 200 },
    );
  });
});

describe('refusals', () => {
  const intType = fc.tuple(fc.boolean(), byteCount).map(([signed, n]) => {
    const param = { name: 'n', type: `${signed ? 'int' : 'uint'}${n * 8}` };
    return { param, shape: abiTypeShape(param) as Extract<ReturnType<typeof abiTypeShape>, { kind: 'int' }> };
  });

  it('accepts both ends of every integer type’s range, in decimal and hex', () => {
    fc.assert(
      fc.property(intType, fc.boolean(), ({ param, shape }, hex) => {
        for (const bound of [shape.min, shape.max]) {
          const magnitude = (bound < 0n ? -bound : bound).toString(hex ? 16 : 10);
          expect(parseAbiInput(param, `${bound < 0n ? '-' : ''}${hex ? '0x' : ''}${magnitude}`)).toBe(bound);
        }
      }),
    );
  });

  it('refuses every integer outside its type’s range, stating the range', () => {
    fc.assert(
      fc.property(
        intType,
        fc.bigInt({ min: 1n, max: 2n ** 300n }),
        fc.boolean(),
        fc.boolean(),
        (t, beyond, below, hex) => {
          const value = below ? t.shape.min - beyond : t.shape.max + beyond;
          const digits = (value < 0n ? -value : value).toString(hex ? 16 : 10);
          const text = `${value < 0n ? '-' : ''}${hex ? '0x' : ''}${digits}`;
          const range = `${t.param.type} takes ${t.shape.min} to ${t.shape.max}; `;
          for (const [param, input, path] of [
            [t.param, text, 'n'],
            [{ name: 'list', type: `${t.param.type}[]` }, `[0, ${text}]`, 'list[1]'],
          ] as const) {
            let error: unknown;
            try {
              parseAbiInput(param, input);
            } catch (e) {
              error = e;
            }
            expect(error).toBeInstanceOf(InputError);
            expect((error as InputError).shortMessage).toMatch(
              new RegExp(`^${path.replace(/[[\]]/g, '\\$&')}: ${range}.* is (too large|too small|negative)\\.$`),
            );
          }
        },
      ),
    );
  });

  it('refuses bytesN of any other length, saying how many bytes it needs', () => {
    fc.assert(
      fc.property(byteCount, fc.integer({ min: 0, max: 80 }), (size, digits) => {
        fc.pre(digits !== size * 2);
        const text = `0x${'a'.repeat(digits)}`;
        expect(() => parseAbiInput({ name: 'b', type: `bytes${size}` }, text)).toThrow(
          `b: bytes${size} needs exactly ${size} byte${size === 1 ? '' : 's'} (${size * 2} hex digits); got `,
        );
      }),
    );
  });

  it('meets any text with a value or an InputError, never anything else', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .array(
          fc.constantFrom(
            '[',
            ']',
            '{',
            '}',
            ',',
            ':',
            '"',
            "'",
            '\\',
            ' ',
            '0x',
            'ff',
            '1',
            '-',
            '_',
            'a',
            'true',
            'é',
          ),
          {
            maxLength: 30,
          },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(abiType(2), junk, (param, text) => {
        try {
          parseAbiInput({ ...param, name: 'x' }, text);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
