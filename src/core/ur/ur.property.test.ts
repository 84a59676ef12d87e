import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/input';
import { BYTEWORDS, decodeBytewords, encodeBytewords } from './bytewords';
import { type CborValue, decodeCbor, encodeCbor } from './cbor';
import { UrDecoder, UrEncoder } from './ur';

const cborValue: fc.Arbitrary<CborValue> = fc.letrec<{ value: CborValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.nat(),
    fc.integer({ min: -1_000_000, max: -1 }),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n - 1n }),
    fc.uint8Array({ maxLength: 40 }),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .uniqueArray(fc.tuple(fc.nat(99), tie('value')), { maxLength: 4, selector: ([key]) => key })
      .map((entries) => new Map<CborValue, CborValue>(entries)),
  ),
})).value;

describe('Uniform Resources, round trips', () => {
  it('decodes what it encodes, in CBOR', () => {
    fc.assert(
      fc.property(cborValue, (value) => {
        expect(decodeCbor(encodeCbor(value))).toEqual(value);
      }),
    );
  });

  it('decodes what it encodes, in Bytewords of every style, and refuses it with any one word changed', () => {
    const separator = { standard: ' ', uri: '-', minimal: '' } as const;
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 80 }),
        fc.constantFrom('standard', 'uri', 'minimal' as const),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, style, at, delta) => {
          const text = encodeBytewords(bytes, style);
          expect(decodeBytewords(text, style)).toEqual(bytes);
          const width = style === 'minimal' ? 2 : 4;
          const tokens = style === 'minimal' ? (text.match(/../g) ?? []) : text.split(separator[style]);
          const i = at % tokens.length;
          const byte = BYTEWORDS.indexOf(
            BYTEWORDS.find((w) => (width === 2 ? `${w[0]}${w[3]}` : w) === tokens[i]) ?? '',
          );
          const other = BYTEWORDS[(byte + delta) % 256] as string;
          tokens[i] = width === 2 ? `${other[0]}${other[3]}` : other;
          expect(() => decodeBytewords(tokens.join(separator[style]), style)).toThrow(InputError);
        },
      ),
    );
  });

  it('puts a message back together from frames in any order with frames lost', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 2000 }),
        fc.integer({ min: 10, max: 300 }),
        fc.infiniteStream(fc.boolean()),
        fc.nat(),
        (message, maxFragmentLen, keep, seed) => {
          const encoder = new UrEncoder({ type: 'bytes', cbor: message }, maxFragmentLen);
          const decoder = new UrDecoder();
          // The first twice-as-many frames as fragments, shuffled, about half of them lost…
          const early = Array.from({ length: encoder.fragmentCount * 2 }, () => encoder.nextPart());
          const kept = early.filter(() => keep.next().value);
          let state = seed;
          for (let i = kept.length - 1; i > 0; i--) {
            state = (state * 1103515245 + 12345) % 2 ** 31;
            const j = state % (i + 1);
            [kept[i], kept[j]] = [kept[j] as string, kept[i] as string];
          }
          for (const frame of kept) decoder.receive(frame);
          // …then frames in order, as a camera sees them, until the message is whole.
          for (let frames = 0; !decoder.result(); frames++) {
            if (frames > encoder.fragmentCount * 20 + 20) throw new Error(`no message after ${frames} more frames`);
            decoder.receive(encoder.nextPart());
          }
          expect(decoder.result()).toEqual({ type: 'bytes', cbor: message });
        },
      ),
      { numRuns: 80 },
    );
  });
});
