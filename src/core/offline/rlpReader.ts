import { codeValue, type Message, msg } from '../i18n/message';

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

/** `problem`: what is wrong, as the end of a sentence ("the list at byte 3 ends inside its own length."). */
export type RlpRead = { ok: true; item: RlpItem } | { ok: false; problem: Message };

const MAX_DEPTH = 32;

/** Internal: unwinds the walk with its sentence; never leaves this module. */
class Problem {
  constructor(readonly text: Message) {}
}

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly options: RlpOptions,
  ) {}

  /** Where an offset in `bytes` is in what the person gave. */
  private position(at: number): number {
    return at + (this.options.offset ?? 0);
  }

  private length(at: number, end: number, lengthOfLength: number, what: 'list' | 'string'): number {
    const where = this.position(at - 1);
    if (at + lengthOfLength > end) throw new Problem(msg('core.signing:rlp.lengthCut', { what, at: where }));
    if (this.bytes[at] === 0) throw new Problem(msg('core.signing:rlp.lengthZero', { what, at: where }));
    let length = 0;
    for (let i = 0; i < lengthOfLength; i++) {
      length = length * 256 + (this.bytes[at + i] ?? 0);
      // Larger than the input: stop before the number loses precision.
      if (length > end) throw new Problem(msg('core.signing:rlp.lengthTooLong', { what, at: where }));
    }
    if (length < 56) throw new Problem(msg('core.signing:rlp.longForm', { what, at: where, length }));
    return length;
  }

  item(at: number, end: number, depth: number): { item: RlpItem; next: number } {
    if (depth > MAX_DEPTH) throw new Problem(msg('core.signing:rlp.tooDeep', { max: MAX_DEPTH }));
    const prefix = this.bytes[at];
    if (prefix === undefined || at >= end)
      throw new Problem(msg('core.signing:rlp.endsEarly', { at: this.position(at) }));
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
        msg('core.signing:rlp.short', { what, at: this.position(at), length, left: Math.max(0, end - start) }),
      );
    }
    if (!isList) {
      const content = this.bytes.subarray(start, stop);
      const first = content[0] ?? 0;
      if (length === 1 && first < 0x80) {
        if (this.options.markPrefixedBytes)
          return { item: { kind: 'bytes', bytes: content, prefixed: true }, next: stop };
        throw new Problem(
          msg('core.signing:rlp.prefixed', {
            byte: codeValue(`0x${first.toString(16).padStart(2, '0')}`),
            at: this.position(start),
          }),
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
  if (bytes.length === 0) return { ok: false, problem: msg('core.signing:rlp.empty') };
  try {
    const { item, next } = new Reader(bytes, options).item(0, bytes.length, 0);
    if (next !== bytes.length) {
      const extra = bytes.length - next;
      return { ok: false, problem: msg('core.signing:rlp.extra', { extra }) };
    }
    return { ok: true, item };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.text };
    throw error;
  }
}
