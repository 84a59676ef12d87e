// Bytewords (BCR-2020-012): bytes as four-letter words, with the CRC-32 of the bytes appended so a
// misread word is caught. Uniform Resources use the minimal style (each word's first and last
// letters); the standard (spaces) and URI (hyphens) styles are for people.
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { crc32, uint32Bytes } from './crc32';

const WORDS = (
  'able acid also apex aqua arch atom aunt away axis back bald barn belt beta bias ' +
  'blue body brag brew bulb buzz calm cash cats chef city claw code cola cook cost ' +
  'crux curl cusp cyan dark data days deli dice diet door down draw drop drum dull ' +
  'duty each easy echo edge epic even exam exit eyes fact fair fern figs film fish ' +
  'fizz flap flew flux foxy free frog fuel fund gala game gear gems gift girl glow ' +
  'good gray grim guru gush gyro half hang hard hawk heat help high hill holy hope ' +
  'horn huts iced idea idle inch inky into iris iron item jade jazz join jolt jowl ' +
  'judo jugs jump junk jury keep keno kept keys kick kiln king kite kiwi knob lamb ' +
  'lava lazy leaf legs liar limp lion list logo loud love luau luck lung main many ' +
  'math maze memo menu meow mild mint miss monk nail navy need news next noon note ' +
  'numb obey oboe omit onyx open oval owls paid part peck play plus poem pool pose ' +
  'puff puma purr quad quiz race ramp real redo rich road rock roof ruby ruin runs ' +
  'rust safe saga scar sets silk skew slot soap solo song stub surf swan taco task ' +
  'taxi tent tied time tiny toil tomb toys trip tuna twin ugly undo unit urge user ' +
  'vast very veto vial vibe view visa void vows wall wand warm wasp wave waxy webs ' +
  'what when whiz wolf work yank yawn yell yoga yurt zaps zero zest zinc zone zoom'
).split(' ');

export type BytewordsStyle = 'standard' | 'uri' | 'minimal';

const minimalOf = (word: string) => `${word[0]}${word[3]}`;
const BY_WORD = new Map(WORDS.map((word, byte) => [word, byte]));
const BY_MINIMAL = new Map(WORDS.map((word, byte) => [minimalOf(word), byte]));
const SEPARATOR = { standard: ' ', uri: '-', minimal: '' } as const;

/** The 256 words, byte 0x00 first. */
export const BYTEWORDS: readonly string[] = WORDS;

/** `bytes` and their CRC-32 as Bytewords in `style`. */
export function encodeBytewords(bytes: Uint8Array, style: BytewordsStyle): string {
  const all = new Uint8Array(bytes.length + 4);
  all.set(bytes);
  all.set(uint32Bytes(crc32(bytes)), bytes.length);
  const words = Array.from(all, (byte) => WORDS[byte] as string);
  return (style === 'minimal' ? words.map(minimalOf) : words).join(SEPARATOR[style]);
}

const refuse = (sentence: Message) => new InputError('INPUT_QR', sentence);

/**
 * The bytes Bytewords in `style` stand for, once their CRC-32 matches.
 * Throws INPUT_QR naming the problem: an unknown word, or a checksum that does not match.
 */
export function decodeBytewords(text: string, style: BytewordsStyle): Uint8Array {
  const lower = text.toLowerCase();
  let tokens: string[];
  if (style === 'minimal') {
    if (lower.length % 2 !== 0) throw refuse(msg('core.devices:bytewords.cutShort'));
    tokens = lower.match(/../g) ?? [];
  } else tokens = lower.split(SEPARATOR[style]);
  const table = style === 'minimal' ? BY_MINIMAL : BY_WORD;
  const all = new Uint8Array(tokens.length);
  tokens.forEach((token, i) => {
    const byte = table.get(token);
    if (byte === undefined)
      throw refuse(msg('core.devices:bytewords.unknownWord', { word: codeValue(token.slice(0, 8)) }));
    all[i] = byte;
  });
  if (all.length < 5) throw refuse(msg('core.devices:bytewords.tooShort'));
  const bytes = all.subarray(0, all.length - 4);
  const expected = new DataView(all.buffer, all.length - 4).getUint32(0);
  if (crc32(bytes) !== expected) throw refuse(msg('core.devices:bytewords.checksum'));
  return bytes.slice();
}
