// Known frames come from Ledger's own framing tests (src/testing/vectors/ledger/hid-frames.json,
// sources and licences in its README).
import fc from 'fast-check';
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import vectors from '@/testing/vectors/ledger/hid-frames.json';
import { DeviceError } from '../errors/device';
import {
  answerReader,
  frameApdu,
  HID_REPORT_SIZE,
  LEDGER_CHANNEL,
  MAX_ANSWER_LENGTH,
  unframeAnswer,
} from './hidFraming';

const bytes = (hex: string) => hexToBytes(`0x${hex}`);
const plain = (hex: `0x${string}`) => hex.slice(2);
const channelOf = (record: { channel: string }) => Number.parseInt(record.channel, 16);

describe('Ledger HID framing against Ledger’s own frames', () => {
  it.each(vectors.outgoing)('frames an APDU: $name ($source)', (record) => {
    const frames = frameApdu(bytes(record.apdu), channelOf(record));
    expect(frames.map((frame) => plain(bytesToHex(frame)))).toEqual(record.frames);
  });

  it.each(vectors.incoming)('reads an answer: $name ($source)', (record) => {
    const answer = unframeAnswer(record.frames.map(bytes), channelOf(record));
    expect(plain(bytesToHex(answer))).toBe(record.response);
  });

  it.each(vectors.malformed)('refuses $name ($source)', (record) => {
    expect(() => unframeAnswer(record.frames.map(bytes), channelOf(record))).toThrow(DeviceError);
  });

  it('answers nothing until the last frame of a multi-frame answer', () => {
    const [record] = vectors.incoming.filter((x) => x.frames.length === 3);
    if (!record) throw new Error('no fixture');
    const reader = answerReader(channelOf(record));
    const results = record.frames.map((frame) => reader.push(bytes(frame)));
    expect(results.slice(0, 2)).toEqual([undefined, undefined]);
    expect(results[2]?.length).toBe(158);
  });
});

describe('Ledger HID framing, refusals', () => {
  const answer = Uint8Array.of(0x01, 0x02, 0x90, 0x00);
  const [frame = new Uint8Array()] = frameApdu(answer);

  const refusal = (frames: Uint8Array[]) => {
    try {
      unframeAnswer(frames);
    } catch (error) {
      return error;
    }
    throw new Error('not refused');
  };

  it('says in words that the answer is garbled, and in details which rule it broke', () => {
    const wrongChannel = frameApdu(answer, 0x0202);
    const error = refusal(wrongChannel) as DeviceError;
    expect(error).toBeInstanceOf(DeviceError);
    expect(error.code).toBe('DEVICE_ANSWER');
    expect(error.shortMessage).toMatch(/garbled/);
    expect(error.details).toMatch(/channel 0202, not 0101/);
  });

  it('refuses a wrong tag, a skipped sequence index, and a report past the end', () => {
    const wrongTag = frame.slice();
    wrongTag[2] = 0x02;
    expect((refusal([wrongTag]) as DeviceError).details).toMatch(/tag 2/);
    const long = frameApdu(new Uint8Array(100));
    expect((refusal([long[0] as Uint8Array, long[0] as Uint8Array]) as DeviceError).details).toMatch(
      /sequence index 0/,
    );
    expect((refusal([frame, frame]) as DeviceError).details).toMatch(/after the answer was complete/);
  });

  it('refuses a declared length that is shorter than a status word or longer than any Ledger answer', () => {
    for (const length of [0, 1, MAX_ANSWER_LENGTH + 1, 0xffff]) {
      const bad = frame.slice();
      new DataView(bad.buffer).setUint16(5, length);
      expect((refusal([bad]) as DeviceError).details).toMatch(/declared length/);
    }
  });

  it('refuses reports too short for their header or longer than 64 bytes', () => {
    expect(() => unframeAnswer([frame.subarray(0, 6)])).toThrow(DeviceError);
    expect(() => unframeAnswer([Uint8Array.of(...frame, 0)])).toThrow(DeviceError);
  });

  it('refuses frames that end before the declared length', () => {
    const frames = frameApdu(new Uint8Array(200));
    expect(() => unframeAnswer(frames.slice(0, -1))).toThrow(/garbled/);
  });

  it('will not frame an APDU its 2-byte length cannot state', () => {
    expect(() => frameApdu(new Uint8Array(0x10000))).toThrow(RangeError);
  });
});

describe('Ledger HID framing, properties', () => {
  const apdu = fc.uint8Array({ minLength: 2, maxLength: MAX_ANSWER_LENGTH });
  const channel = fc.integer({ min: 0, max: 0xffff });

  it('reads back any message it framed, in 64-byte reports', () => {
    fc.assert(
      fc.property(apdu, channel, (message, ch) => {
        const frames = frameApdu(message, ch);
        expect(frames.every((frame) => frame.length === HID_REPORT_SIZE)).toBe(true);
        expect(frames.length).toBe(Math.ceil((message.length + 2) / (HID_REPORT_SIZE - 5)));
        expect(unframeAnswer(frames, ch)).toEqual(message);
      }),
    );
  });

  it('refuses any change to the channel, tag or sequence index of any report', () => {
    fc.assert(
      fc.property(
        apdu,
        fc.nat(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 255 }),
        (message, which, position, flip) => {
          const frames = frameApdu(message);
          const index = which % frames.length;
          const corrupted = frames.map((frame, i) => {
            if (i !== index) return frame;
            const copy = frame.slice();
            copy[position] = (copy[position] ?? 0) ^ flip;
            return copy;
          });
          expect(() => unframeAnswer(corrupted)).toThrow(DeviceError);
        },
      ),
    );
  });

  it('refuses any declared length outside 2 to the limit', () => {
    fc.assert(
      fc.property(
        apdu,
        fc.oneof(fc.integer({ min: 0, max: 1 }), fc.integer({ min: MAX_ANSWER_LENGTH + 1, max: 0xffff })),
        (message, length) => {
          const frames = frameApdu(message);
          const first = (frames[0] as Uint8Array).slice();
          new DataView(first.buffer).setUint16(5, length);
          expect(() => unframeAnswer([first, ...frames.slice(1)], LEDGER_CHANNEL)).toThrow(DeviceError);
        },
      ),
    );
  });
});
