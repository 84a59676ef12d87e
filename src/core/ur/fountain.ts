// Fountain codes for animated QR codes (BCR-2020-005): a message cut into equal fragments is sent
// as an endless run of parts; the first parts carry one fragment each, later ones the XOR of a
// pseudo-random set of them, so a receiver that misses frames still completes with a few more.
import { InputError } from '../errors/input';
import { type Message, msg } from '../i18n/message';
import { decodeCbor, encodeCbor } from './cbor';
import { crc32, uint32Bytes } from './crc32';
import { weightedSampler, Xoshiro256 } from './xoshiro';

export type FountainPart = {
  seqNum: number;
  seqLen: number;
  messageLen: number;
  checksum: number;
  data: Uint8Array;
};

const MIN_FRAGMENT_LEN = 10;
/**
 * The longest message Cairn reads from an animated code: far more than any account export or
 * request (a dApp's request is at most 256 KB); with fragments of 10 bytes or more it bounds the
 * decoder's work per frame.
 */
const MAX_MESSAGE_LEN = 256 * 1024;
/** Mixed parts kept while waiting for their fragments: beyond this, new ones are dropped (more frames complete it). */
const MAX_MIXED = 2048;

/** The fragment length that cuts `messageLen` bytes into the fewest fragments of at most `maxFragmentLen`. */
export function fragmentLength(messageLen: number, maxFragmentLen: number, minFragmentLen = MIN_FRAGMENT_LEN): number {
  const maxCount = Math.max(1, Math.floor(messageLen / minFragmentLen));
  let length = messageLen;
  for (let count = 1; count <= maxCount; count++) {
    length = Math.ceil(messageLen / count);
    if (length <= maxFragmentLen) break;
  }
  return length;
}

/**
 * The first `count` of `items` in the order the fountain's generator draws them (each draw
 * removes one): the same as a whole shuffle cut short, without the draws nobody uses.
 */
export function shuffled<T>(items: readonly T[], rng: Xoshiro256, count = items.length): T[] {
  const remaining = [...items];
  const out: T[] = [];
  while (out.length < count && remaining.length > 0)
    out.push(...remaining.splice(rng.nextInt(0, remaining.length - 1), 1));
  return out;
}

const samplers = new Map<number, (random: () => number) => number>();

/** How many fragments a mixed part combines: 1 to seqLen, weighted 1/1, 1/2, … 1/seqLen. */
export function chooseDegree(seqLen: number, rng: Xoshiro256): number {
  let sample = samplers.get(seqLen);
  if (!sample) {
    sample = weightedSampler(Array.from({ length: seqLen }, (_, i) => 1 / (i + 1)));
    if (samplers.size > 16) samplers.clear();
    samplers.set(seqLen, sample);
  }
  return sample(() => rng.nextDouble()) + 1;
}

/** The fragments (0-based) that part `seqNum` (1-based) mixes. */
export function chooseFragments(seqNum: number, seqLen: number, checksum: number): number[] {
  if (seqNum <= seqLen) return [seqNum - 1];
  const seed = new Uint8Array(8);
  seed.set(uint32Bytes(seqNum));
  seed.set(uint32Bytes(checksum), 4);
  const rng = new Xoshiro256(seed);
  const degree = chooseDegree(seqLen, rng);
  return shuffled(
    Array.from({ length: seqLen }, (_, i) => i),
    rng,
    degree,
  );
}

function xorInto(target: Uint8Array, source: Uint8Array): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) ^ (source[i] as number);
}

/** Cuts `message` into parts of at most `maxFragmentLen` bytes of data each; `nextPart` never ends. */
export class FountainEncoder {
  readonly seqLen: number;
  readonly checksum: number;
  private readonly fragments: Uint8Array[];
  private seqNum: number;

  /** `firstSeqNum`: the part before the first one made (tests start past the simple parts). */
  constructor(
    private readonly message: Uint8Array,
    maxFragmentLen: number,
    firstSeqNum = 0,
  ) {
    if (message.length === 0) throw new RangeError('nothing to send');
    this.seqNum = firstSeqNum;
    const length = fragmentLength(message.length, maxFragmentLen);
    this.seqLen = Math.ceil(message.length / length);
    this.checksum = crc32(message);
    const padded = new Uint8Array(this.seqLen * length);
    padded.set(message);
    this.fragments = Array.from({ length: this.seqLen }, (_, i) => padded.subarray(i * length, (i + 1) * length));
  }

  nextPart(): FountainPart {
    this.seqNum += 1;
    const [first = 0, ...rest] = chooseFragments(this.seqNum, this.seqLen, this.checksum);
    const data = (this.fragments[first] as Uint8Array).slice();
    for (const index of rest) xorInto(data, this.fragments[index] as Uint8Array);
    return {
      seqNum: this.seqNum,
      seqLen: this.seqLen,
      messageLen: this.message.length,
      checksum: this.checksum,
      data,
    };
  }
}

/** A part as the CBOR array [seqNum, seqLen, messageLen, checksum, data]. */
export function encodePart(part: FountainPart): Uint8Array {
  return encodeCbor([part.seqNum, part.seqLen, part.messageLen, part.checksum, part.data]);
}

const refuse = (reason: Message) => new InputError('INPUT_QR', msg('core.devices:fountain.refused', { reason }));
const isCount = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/** The part a multi-part UR's CBOR holds. Throws INPUT_QR naming what is wrong. */
export function decodePart(bytes: Uint8Array): FountainPart {
  const value = decodeCbor(bytes);
  if (!Array.isArray(value) || value.length !== 5) throw refuse(msg('core.devices:fountain.fields'));
  const [seqNum, seqLen, messageLen, checksum, data] = value;
  if (!isCount(seqNum, 0xffffffff) || seqNum < 1) throw refuse(msg('core.devices:fountain.seqNum'));
  if (!isCount(messageLen, MAX_MESSAGE_LEN) || messageLen < 1) throw refuse(msg('core.devices:fountain.tooLong'));
  if (!(data instanceof Uint8Array) || data.length < Math.min(MIN_FRAGMENT_LEN, messageLen) || data.length > messageLen)
    throw refuse(msg('core.devices:fountain.fragment'));
  if (!isCount(seqLen, messageLen) || seqLen !== Math.ceil(messageLen / data.length))
    throw refuse(msg('core.devices:fountain.partCount'));
  if (!isCount(checksum, 0xffffffff)) throw refuse(msg('core.devices:fountain.checksum'));
  return { seqNum, seqLen, messageLen, checksum, data };
}

type Mixed = { indexes: Set<number>; data: Uint8Array };
const keyOf = (indexes: Set<number>) => [...indexes].sort((a, b) => a - b).join(',');

/**
 * Puts a message back together from parts in any order, with any lost: each part is reduced by
 * the fragments already known (XOR) until it names one fragment. Parts of another message are
 * refused; parts already seen are ignored.
 */
export class FountainDecoder {
  private expected: (Omit<FountainPart, 'seqNum' | 'data'> & { fragmentLen: number }) | undefined;
  private readonly known = new Map<number, Uint8Array>();
  private readonly mixed = new Map<string, Mixed>();
  private readonly seen = new Set<number>();
  private message: Uint8Array | undefined;

  /** Takes one part; returns whether it was new. Throws INPUT_QR for a part of another message, or a message whose checksum fails. */
  receive(part: FountainPart): boolean {
    if (this.message) return false;
    const { seqLen, messageLen, checksum, data } = part;
    if (!this.expected) this.expected = { seqLen, messageLen, checksum, fragmentLen: data.length };
    const e = this.expected;
    if (e.seqLen !== seqLen || e.messageLen !== messageLen || e.checksum !== checksum || e.fragmentLen !== data.length)
      throw new InputError('INPUT_QR', msg('core.devices:fountain.otherAnimation'));
    if (this.seen.has(part.seqNum)) return false;
    this.seen.add(part.seqNum);
    const queue: Mixed[] = [{ indexes: new Set(chooseFragments(part.seqNum, seqLen, checksum)), data: data.slice() }];
    while (queue.length > 0 && !this.message) this.take(queue.shift() as Mixed, queue);
    return true;
  }

  private take(part: Mixed, queue: Mixed[]): void {
    // Reduce by every fragment known, then by every mixed part it contains.
    for (const index of [...part.indexes]) {
      const fragment = this.known.get(index);
      if (fragment) {
        part.indexes.delete(index);
        xorInto(part.data, fragment);
      }
    }
    for (const other of this.mixed.values()) {
      if (other.indexes.size < part.indexes.size && [...other.indexes].every((i) => part.indexes.has(i))) {
        for (const i of other.indexes) part.indexes.delete(i);
        xorInto(part.data, other.data);
      }
    }
    if (part.indexes.size === 0) return;
    if (part.indexes.size > 1) {
      const key = keyOf(part.indexes);
      if (this.mixed.has(key)) return;
      // Reduce the mixed parts that contain this one.
      for (const [otherKey, other] of this.mixed) {
        if (other.indexes.size > part.indexes.size && [...part.indexes].every((i) => other.indexes.has(i))) {
          this.mixed.delete(otherKey);
          for (const i of part.indexes) other.indexes.delete(i);
          xorInto(other.data, part.data);
          queue.push(other);
        }
      }
      if (this.mixed.size < MAX_MIXED) this.mixed.set(key, part);
      return;
    }
    const [index] = part.indexes as unknown as [number];
    this.known.set(index, part.data);
    // Every mixed part holding this fragment is one step closer.
    for (const [otherKey, other] of this.mixed) {
      if (other.indexes.has(index)) {
        this.mixed.delete(otherKey);
        queue.push(other);
      }
    }
    const e = this.expected as NonNullable<typeof this.expected>;
    if (this.known.size === e.seqLen) this.finish(e);
  }

  private finish(e: NonNullable<typeof this.expected>): void {
    const joined = new Uint8Array(e.seqLen * e.fragmentLen);
    for (const [index, fragment] of this.known) joined.set(fragment, index * e.fragmentLen);
    const message = joined.slice(0, e.messageLen);
    if (crc32(message) !== e.checksum) {
      // Start afresh, so the frames still coming can complete it.
      this.expected = undefined;
      this.known.clear();
      this.mixed.clear();
      this.seen.clear();
      throw new InputError('INPUT_QR', msg('core.devices:fountain.messageChecksum'));
    }
    this.message = message;
  }

  /** The message, once every fragment is known. */
  result(): Uint8Array | undefined {
    return this.message;
  }

  /** How many of the message's fragments are known, of how many. */
  progress(): { known: number; total: number } {
    return { known: this.known.size, total: this.expected?.seqLen ?? 0 };
  }
}
