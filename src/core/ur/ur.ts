// Uniform Resources (BCR-2020-005): `ur:<type>/<bytewords>` for a message that fits one QR code,
// `ur:<type>/<n>-<count>/<bytewords of a fountain part>` for each frame of an animated one. The
// message is the CBOR of the type's value.
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { decodeBytewords, encodeBytewords } from './bytewords';
import { decodePart, encodePart, FountainDecoder, FountainEncoder } from './fountain';

const TYPE = /^[a-z0-9-]+$/;
const refuse = (sentence: Message) => new InputError('INPUT_QR', sentence);

export type Ur = { type: string; cbor: Uint8Array };

/** A message as one `ur:` string (one QR code, however long). */
export function encodeUr({ type, cbor }: Ur): string {
  if (!TYPE.test(type)) throw new RangeError(`not a UR type: ${type}`);
  return `ur:${type}/${encodeBytewords(cbor, 'minimal')}`;
}

/** The frames of an animated code: a message that fits `maxFragmentLen` bytes is one frame, shown still. */
export class UrEncoder {
  private readonly fountain: FountainEncoder;

  constructor(
    private readonly ur: Ur,
    maxFragmentLen: number,
    firstSeqNum = 0,
  ) {
    if (!TYPE.test(ur.type)) throw new RangeError(`not a UR type: ${ur.type}`);
    this.fountain = new FountainEncoder(ur.cbor, maxFragmentLen, firstSeqNum);
  }

  /** How many frames carry the message once each (the first ones); later frames mix them. */
  get fragmentCount(): number {
    return this.fountain.seqLen;
  }

  get isSinglePart(): boolean {
    return this.fountain.seqLen === 1;
  }

  nextPart(): string {
    if (this.isSinglePart) return encodeUr(this.ur);
    const part = this.fountain.nextPart();
    return `ur:${this.ur.type}/${part.seqNum}-${part.seqLen}/${encodeBytewords(encodePart(part), 'minimal')}`;
  }
}

type Parsed = { type: string; seq?: { num: number; len: number }; body: string };

function parse(text: string): Parsed {
  const lower = text.trim().toLowerCase();
  if (!lower.startsWith('ur:')) throw refuse(msg('core.devices:ur.notUr'));
  const [type = '', ...rest] = lower.slice(3).split('/');
  if (!TYPE.test(type)) throw refuse(msg('core.devices:ur.badType'));
  if (rest.length === 1) return { type, body: rest[0] as string };
  const seq = /^(\d{1,9})-(\d{1,9})$/.exec(rest[0] ?? '');
  if (rest.length !== 2 || !seq) throw refuse(msg('core.devices:ur.notFrame'));
  return { type, seq: { num: Number(seq[1]), len: Number(seq[2]) }, body: rest[1] as string };
}

/**
 * Reads `ur:` codes frame by frame, in any order and with any missed, until the message is whole.
 * A frame of another type or another message is refused (INPUT_QR), so two animations are never mixed.
 */
export class UrDecoder {
  private type: string | undefined;
  private readonly fountain = new FountainDecoder();
  private done: Ur | undefined;

  /** Takes one scanned text; returns whether it brought something new. Throws INPUT_QR naming the problem. */
  receive(text: string): boolean {
    if (this.done) return false;
    const { type, seq, body } = parse(text);
    if (this.type !== undefined && type !== this.type)
      throw refuse(msg('core.devices:ur.otherType', { type: codeValue(type), reading: codeValue(this.type) }));
    const bytes = decodeBytewords(body, 'minimal');
    if (!seq) {
      this.type = type;
      this.done = { type, cbor: bytes };
      return true;
    }
    const part = decodePart(bytes);
    if (part.seqNum !== seq.num || part.seqLen !== seq.len) throw refuse(msg('core.devices:ur.frameNumber'));
    this.type = type;
    const fresh = this.fountain.receive(part);
    const message = this.fountain.result();
    if (message) this.done = { type, cbor: message };
    return fresh;
  }

  result(): Ur | undefined {
    return this.done;
  }

  /** Fragments known of how many (1 of 1 once a single code is read). */
  progress(): { known: number; total: number } {
    return this.done ? { known: 1, total: 1 } : this.fountain.progress();
  }
}
