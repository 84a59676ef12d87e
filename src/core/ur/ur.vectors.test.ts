// Known answers from BlockchainCommons' reference tests and specifications (src/testing/vectors/ur).
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import vectors from '@/testing/vectors/ur/ur-vectors.json';
import { utf8 } from '../bytes';
import { InputError } from '../errors/input';
import { decodeBytewords, encodeBytewords } from './bytewords';
import { decodeCbor, encodeCbor } from './cbor';
import { crc32 } from './crc32';
import {
  chooseDegree,
  chooseFragments,
  decodePart,
  encodePart,
  FountainEncoder,
  fragmentLength,
  shuffled,
} from './fountain';
import { UrDecoder, UrEncoder } from './ur';
import { weightedSampler, Xoshiro256 } from './xoshiro';

const bytes = (text: string) => hexToBytes(`0x${text.replace(/^0x/, '')}`);
const hex = (data: Uint8Array) => bytesToHex(data).slice(2);
const makeMessage = (length: number, seed = 'Wolf') => new Xoshiro256(utf8(seed)).nextData(length);

describe('CRC-32', () => {
  it.each(vectors.crc32)('of $input', ({ input, inputEncoding, crc }) => {
    expect(
      crc32(inputEncoding === 'utf8' ? utf8(input) : bytes(input))
        .toString(16)
        .padStart(8, '0'),
    ).toBe(crc);
  });
});

describe('Bytewords', () => {
  it.each(vectors.bytewords)('encodes and decodes $hex in every style', ({ hex: data, standard, uri, minimal }) => {
    expect(encodeBytewords(bytes(data), 'standard')).toBe(standard);
    expect(encodeBytewords(bytes(data), 'uri')).toBe(uri);
    expect(encodeBytewords(bytes(data), 'minimal')).toBe(minimal);
    for (const [text, style] of [
      [standard, 'standard'],
      [uri, 'uri'],
      [minimal, 'minimal'],
    ] as const)
      expect(hex(decodeBytewords(text, style))).toBe(data);
  });

  it.each(vectors.bytewordsInvalid.cases)('refuses “$input” ($reason)', ({ input, style }) => {
    expect(() => decodeBytewords(input, style as 'standard')).toThrow(InputError);
  });
});

describe('Xoshiro256**', () => {
  it.each(vectors.xoshiro)('draws the reference numbers, $method from $seed', ({ method, seed, outputs }) => {
    const rng = new Xoshiro256(seed === 'Wolf' ? utf8(seed) : bytes(seed));
    const drawn = outputs.map(() => (method === 'next() % 100' ? Number(rng.next() % 100n) : rng.nextInt(1, 10)));
    expect(drawn).toEqual(outputs);
  });

  it('draws the reference bytes', () => {
    const { nextData10_first, nextData10_second } = vectors.xoshiroNextDataAndXor;
    const rng = new Xoshiro256(utf8('Wolf'));
    expect(hex(rng.nextData(10))).toBe(nextData10_first);
    expect(hex(rng.nextData(10))).toBe(nextData10_second);
  });

  it('samples the reference indexes by weight', () => {
    const { probs, samples } = vectors.randomSampler;
    const rng = new Xoshiro256(utf8('Wolf'));
    const sample = weightedSampler(probs);
    expect(samples.map(() => sample(() => rng.nextDouble()))).toEqual(samples);
  });
});

describe('fountain codes', () => {
  it('shuffles as the reference does', () => {
    const [full] = vectors.shuffle;
    const rng = new Xoshiro256(utf8('Wolf'));
    expect(full?.results.map(() => shuffled(full.values, rng))).toEqual(full?.results);
  });

  it('chooses the reference degrees', () => {
    const [perNonce] = vectors.chooseDegree;
    expect(
      perNonce?.degrees.map((_, i) => chooseDegree(perNonce.seqLen, new Xoshiro256(utf8(`Wolf-${i + 1}`)))),
    ).toEqual(perNonce?.degrees);
  });

  it('chooses the reference fragments for each part', () => {
    const { seqLen, checksum, indexesSorted } = vectors.chooseFragments;
    expect(crc32(makeMessage(1024)).toString(16)).toBe(checksum);
    const chosen = indexesSorted.map((_, i) =>
      chooseFragments(i + 1, seqLen, Number.parseInt(checksum, 16)).sort((a, b) => a - b),
    );
    expect(chosen).toEqual(indexesSorted);
  });

  it('finds the reference fragment lengths, and cuts the message as the reference does', () => {
    for (const { messageLen, minFragmentLen, maxFragmentLen, fragmentLen } of vectors.findNominalFragmentLength.cases)
      expect(fragmentLength(messageLen, maxFragmentLen, minFragmentLen)).toBe(fragmentLen);
    const { maxFragmentLen, fragments } = vectors.partitionMessage;
    const encoder = new FountainEncoder(makeMessage(1024), maxFragmentLen);
    expect(fragments.map(() => hex(encoder.nextPart().data))).toEqual(fragments);
  });

  it('makes the reference parts, simple then mixed, and reads each back', () => {
    const { message, maxFragmentLen, parts } = vectors.fountain.encoder;
    const encoder = new FountainEncoder(makeMessage(message.len), maxFragmentLen);
    for (const expected of parts) {
      const part = encoder.nextPart();
      expect({ ...part, data: hex(part.data) }).toEqual({
        seqNum: expected.seqNum,
        seqLen: expected.seqLen,
        messageLen: expected.messageLen,
        checksum: expected.checksum,
        data: expected.data,
      });
      expect(hex(encodePart(part))).toBe(expected.cbor);
      expect(decodePart(bytes(expected.cbor))).toEqual(part);
    }
    const { cbor, seqNum, data } = vectors.fountain.partCbor;
    expect(decodeCbor(bytes(cbor))).toEqual([seqNum, 8, 100, 0x12345678, bytes(data)]);
  });
});

describe('Uniform Resources', () => {
  it.each(vectors.singlePartUR)('reads $type as one code, and writes it back', ({ type, ur, cbor }) => {
    const decoder = new UrDecoder();
    decoder.receive(ur);
    expect(decoder.result()).toEqual({ type, cbor: bytes(cbor) });
    expect(new UrEncoder({ type, cbor: bytes(cbor) }, 10_000).nextPart()).toBe(ur);
  });

  it('makes the reference frames of an animated code, and reads them back, also in capitals', () => {
    const [reference] = vectors.multiPartUR;
    if (!reference?.parts || !reference.message || !reference.maxFragmentLen) throw new Error('no parts');
    const cbor = encodeCbor(makeMessage(reference.message.len));
    const encoder = new UrEncoder({ type: 'bytes', cbor }, reference.maxFragmentLen);
    expect(reference.parts.map(() => encoder.nextPart())).toEqual(reference.parts);
    const decoder = new UrDecoder();
    for (const part of reference.parts.slice(0, 9)) decoder.receive(part.toUpperCase());
    expect(decoder.result()).toEqual({ type: 'bytes', cbor });
  });

  it('puts a 32 KB message back together from mixed frames only', () => {
    const cbor = encodeCbor(makeMessage(32767));
    const encoder = new UrEncoder({ type: 'bytes', cbor }, 1000, 100);
    const decoder = new UrDecoder();
    let frames = 0;
    while (!decoder.result() && frames < 1000) {
      decoder.receive(encoder.nextPart());
      frames++;
    }
    expect(decoder.result()).toEqual({ type: 'bytes', cbor });
  });

  it.each(vectors.multiPartUR.slice(2))('reads the header of the published $type frame', ({ parts, decodedParts }) => {
    const [text] = parts ?? [];
    const [expected] = decodedParts ?? [];
    const body = text?.split('/')[2] ?? '';
    const part = decodePart(decodeBytewords(body, 'minimal'));
    expect({ ...part, checksum: part.checksum.toString(16).padStart(8, '0'), data: hex(part.data) }).toEqual({
      seqNum: expected?.seqNum,
      seqLen: expected?.seqLen,
      messageLen: expected?.messageLen,
      checksum: expected?.checksum,
      data: expected?.fragment,
    });
  });

  it('refuses a frame of another animation, and one whose number does not match what it carries', () => {
    const [reference] = vectors.multiPartUR;
    const decoder = new UrDecoder();
    decoder.receive(reference?.parts?.[0] ?? '');
    const other = new UrEncoder({ type: 'bytes', cbor: encodeCbor(makeMessage(256, 'Other')) }, 30);
    expect(() => decoder.receive(other.nextPart())).toThrow(/another animation/);
    expect(() =>
      decoder.receive('ur:seed/1-3/lpadaxcsencylobemohsgmoyadhdeynteelblrcygldwvarflojtcywyjydmylgdsa'),
    ).toThrow(/seed, not the bytes/);
    const renumbered = (reference?.parts?.[1] ?? '').replace('/2-9/', '/3-9/');
    expect(() => decoder.receive(renumbered)).toThrow(/number does not match/);
  });
});
