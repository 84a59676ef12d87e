import { describe, expect, it } from 'vitest';
import { encodeCbor } from './cbor';
import { decodePart, encodePart, FountainDecoder, FountainEncoder } from './fountain';

const message = Uint8Array.from({ length: 500 }, (_, i) => (i * 7) % 256);

describe('fountain parts from an untrusted code', () => {
  it('refuses a part whose count does not fit its message and fragment, or whose message is too long', () => {
    const part = new FountainEncoder(message, 50).nextPart();
    expect(decodePart(encodePart(part))).toEqual(part);
    // 10,000 one-byte fragments would make every mixed frame cost seconds: refused.
    expect(() => decodePart(encodeCbor([1, 10_000, 10_000, 1, new Uint8Array(1)]))).toThrow(/fragment does not fit/);
    expect(() => decodePart(encodeCbor([1, 7, 500, part.checksum, new Uint8Array(50)]))).toThrow(
      /part count does not fit/,
    );
    expect(() => decodePart(encodeCbor([1, 30_000, 3_000_000, 1, new Uint8Array(100)]))).toThrow(/too long/);
  });

  it('after a message that fails its checksum, starts afresh and completes from the frames still coming', () => {
    const encoder = new FountainEncoder(message, 50);
    const decoder = new FountainDecoder();
    const parts = Array.from({ length: encoder.seqLen }, () => encoder.nextPart());
    const [first, ...rest] = parts;
    if (!first) throw new Error('no part');
    const misread = { ...first, data: first.data.map((b, i) => (i === 0 ? b ^ 1 : b)) };
    decoder.receive(misread);
    expect(() => {
      for (const part of rest) decoder.receive(part);
    }).toThrow(/does not match its checksum/);
    expect(decoder.result()).toBeUndefined();
    for (let i = 0; i < 200 && !decoder.result(); i++) decoder.receive(encoder.nextPart());
    expect(decoder.result()).toEqual(message);
  });
});
