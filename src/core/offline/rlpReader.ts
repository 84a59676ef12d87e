/**
 * A strict RLP reader, used to vet transactions pasted from elsewhere before anything else reads
 * them. viem's decoder is lenient (it accepts some non-canonical encodings that every Ethereum
 * node refuses); this one walks the bytes and refuses, with a sentence, anything a node would:
 * a truncated item, a length written with leading zeros or in long form when the short form
 * fits, a single byte below 0x80 written with a length prefix, or bytes after the end.
 *
 * It only reads structure. Integer rules (no leading zeros) depend on the field, so the
 * transaction decoder checks them.
 */

/**
 * `prefixed` marks a single byte below 0x80 written with the 0x81 prefix. Strict reading refuses
 * it; `markPrefixedBytes` lets a caller that knows field names refuse it with a better sentence.
 */
export type RlpItem = { kind: 'bytes'; bytes: Uint8Array; prefixed?: true } | { kind: 'list'; items: RlpItem[] };

/** `offset`: where `bytes` starts in what the person gave, so byte positions in sentences match it. */
export type RlpOptions = { markPrefixedBytes?: boolean; offset?: number };

export type RlpRead = { ok: true; item: RlpItem } | { ok: false; problem: string };

const MAX_DEPTH = 32;

/** Internal: unwinds the walk with its sentence; never leaves this module. */
class Problem extends Error {}

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly options: RlpOptions,
  ) {}

  private position(at: number): string {
    return `byte ${at + (this.options.offset ?? 0)}`;
  }

  private length(at: number, end: number, lengthOfLength: number, what: string): number {
    const where = this.position(at - 1);
    if (at + lengthOfLength > end) throw new Problem(`the ${what} at ${where} ends inside its own length.`);
    if (this.bytes[at] === 0) throw new Problem(`the length of the ${what} at ${where} has a leading zero byte.`);
    let length = 0;
    for (let i = 0; i < lengthOfLength; i++) {
      length = length * 256 + (this.bytes[at + i] ?? 0);
      // Larger than the input: stop before the number loses precision.
      if (length > end) throw new Problem(`the ${what} at ${where} claims more bytes than there are.`);
    }
    if (length < 56) {
      throw new Problem(
        `the ${what} at ${where} writes its length (${length}) in the long form, which is only for 56 bytes or more.`,
      );
    }
    return length;
  }

  item(at: number, end: number, depth: number): { item: RlpItem; next: number } {
    if (depth > MAX_DEPTH) throw new Problem(`lists are nested more than ${MAX_DEPTH} deep.`);
    const prefix = this.bytes[at];
    if (prefix === undefined || at >= end) throw new Problem(`it ends early, at ${this.position(at)}.`);
    if (prefix < 0x80) return { item: { kind: 'bytes', bytes: this.bytes.subarray(at, at + 1) }, next: at + 1 };

    const isList = prefix >= 0xc0;
    const what = isList ? 'list' : 'string';
    const base = isList ? 0xc0 : 0x80;
    const short = prefix - base <= 55;
    const lengthOfLength = short ? 0 : prefix - base - 55;
    const length = short ? prefix - base : this.length(at + 1, end, lengthOfLength, what);
    const start = at + 1 + lengthOfLength;
    const stop = start + length;
    if (stop > end) {
      throw new Problem(
        `the ${what} at ${this.position(at)} claims ${length} bytes but only ${Math.max(0, end - start)} follow.`,
      );
    }
    if (!isList) {
      const content = this.bytes.subarray(start, stop);
      const first = content[0] ?? 0;
      if (length === 1 && first < 0x80) {
        if (this.options.markPrefixedBytes)
          return { item: { kind: 'bytes', bytes: content, prefixed: true }, next: stop };
        throw new Problem(
          `the byte 0x${first.toString(16).padStart(2, '0')} at ${this.position(start)} has a length prefix; a single byte below 0x80 must stand alone.`,
        );
      }
      return { item: { kind: 'bytes', bytes: content }, next: stop };
    }
    const items: RlpItem[] = [];
    let cursor = start;
    while (cursor < stop) {
      const read = this.item(cursor, stop, depth + 1);
      items.push(read.item);
      cursor = read.next;
    }
    return { item: { kind: 'list', items }, next: stop };
  }
}

/** Reads exactly one RLP item spanning all of `bytes`; any problem comes back as a sentence. */
export function readRlp(bytes: Uint8Array, options: RlpOptions = {}): RlpRead {
  if (bytes.length === 0) return { ok: false, problem: 'there are no bytes.' };
  try {
    const { item, next } = new Reader(bytes, options).item(0, bytes.length, 0);
    if (next !== bytes.length) {
      const extra = bytes.length - next;
      return { ok: false, problem: `${extra} extra byte${extra === 1 ? '' : 's'} follow the end of the encoded data.` };
    }
    return { ok: true, item };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.message };
    throw error;
  }
}
