// One SLIP-0039 share and its words. A share's data, in 10-bit words, big-endian:
//   identifier (15 bits) · extendable flag (1) · iteration exponent (4)      → words 1–2
//   group index · group threshold − 1 · group count − 1 · member index · member threshold − 1
//   (4 bits each)                                                             → words 3–4
//   the share value, left-padded with zero bits to a whole number of words
//   three RS1024 checksum words.
import { ShareError, ShareUnknownWordError } from '../../errors/shares';
import { msg } from '../../i18n/message';
import { suggestWords } from '../wordSuggestions';
import { CHECKSUM_WORDS, createChecksum, verifyChecksum } from './rs1024';
import { SLIP39_WORD_INDEX, SLIP39_WORDS } from './wordlist';

/**
 * A parsed share. Indices count from 0 as the format stores them; thresholds and counts are the
 * real numbers (1 for "one needed"). `value` is secret: a share alone reveals nothing of the master
 * secret, but a threshold of them does.
 */
export type Share = {
  /** Random 15-bit number common to every share of a set. */
  identifier: number;
  /** Made so that more sets of shares can later be made for the same secret and passphrases. */
  extendable: boolean;
  /** PBKDF2 runs 10000·2^e iterations for the passphrase. */
  iterationExponent: number;
  groupIndex: number;
  /** Groups needed to restore the secret. */
  groupThreshold: number;
  groupCount: number;
  memberIndex: number;
  /** Shares of this group needed to restore the group's part. */
  memberThreshold: number;
  value: Uint8Array;
};

/** The words before the share value, and the fewest words a share has (for a 128-bit secret). */
const PREFIX_WORDS = 4;
const METADATA_WORDS = PREFIX_WORDS + CHECKSUM_WORDS;
export const MIN_SHARE_WORDS = 20;

/** The bits of padding in front of a value held by `valueWords` words. */
function paddingBits(valueWords: number): number {
  return (10 * valueWords) % 16;
}

/** The word count of a share whose value has `valueLength` bytes. */
export function shareWordCount(valueLength: number): number {
  return METADATA_WORDS + Math.ceil((valueLength * 8) / 10);
}

/** Splits typed or pasted text into lower-case words, any run of whitespace separating them. */
export function splitShareWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w.length > 0);
}

function valueToWords(value: Uint8Array): number[] {
  let number = 0n;
  for (const byte of value) number = (number << 8n) | BigInt(byte);
  const count = Math.ceil((value.length * 8) / 10);
  return Array.from({ length: count }, (_, i) => Number((number >> BigInt(10 * (count - 1 - i))) & 1023n));
}

/** The share's words. */
export function shareToWords(share: Share): string[] {
  const idExp = (share.identifier << 5) | (Number(share.extendable) << 4) | share.iterationExponent;
  const params =
    (share.groupIndex << 16) |
    ((share.groupThreshold - 1) << 12) |
    ((share.groupCount - 1) << 8) |
    (share.memberIndex << 4) |
    (share.memberThreshold - 1);
  const data = [idExp >>> 10, idExp & 1023, params >>> 10, params & 1023, ...valueToWords(share.value)];
  return [...data, ...createChecksum(data, share.extendable)].map((i) => SLIP39_WORDS[i] ?? '');
}

/** The share as one line of words, as it is written down. */
export function shareToMnemonic(share: Share): string {
  return shareToWords(share).join(' ');
}

/**
 * Reads one share from typed, pasted or scanned text.
 *
 * Throws KEYS_SHARE_EMPTY, KEYS_SHARE_UNKNOWN_WORD (with the word's position and suggestions),
 * KEYS_SHARE_WORD_COUNT, KEYS_SHARE_CHECKSUM, KEYS_SHARE_THRESHOLD (more groups needed than there
 * are, or a group past the last) or KEYS_SHARE_PADDING.
 */
export function parseShare(text: string): Share {
  const words = splitShareWords(text);
  if (words.length === 0) throw new ShareError('KEYS_SHARE_EMPTY', msg('core.keys:share.empty'));
  const indices: number[] = [];
  for (const [position, word] of words.entries()) {
    const index = SLIP39_WORD_INDEX.get(word);
    if (index === undefined)
      throw new ShareUnknownWordError({ position: position + 1, suggestions: suggestWords(word, SLIP39_WORDS) });
    indices.push(index);
  }
  const valueWords = indices.length - METADATA_WORDS;
  if (indices.length < MIN_SHARE_WORDS || paddingBits(valueWords) > 8)
    throw new ShareError('KEYS_SHARE_WORD_COUNT', msg('core.keys:share.wordCount', { count: indices.length }));
  const word = (i: number) => indices[i] ?? 0;
  const idExp = (word(0) << 10) | word(1);
  const extendable = ((idExp >>> 4) & 1) === 1;
  if (!verifyChecksum(indices, extendable))
    throw new ShareError('KEYS_SHARE_CHECKSUM', msg('core.keys:share.checksum'));
  const params = (word(2) << 10) | word(3);
  const groupThreshold = ((params >>> 12) & 15) + 1;
  const groupCount = ((params >>> 8) & 15) + 1;
  if (groupThreshold > groupCount) throw new ShareError('KEYS_SHARE_THRESHOLD', msg('core.keys:share.threshold'));
  // A share past the last group could never count towards restoring the secret.
  const groupIndex = params >>> 16;
  if (groupIndex >= groupCount)
    throw new ShareError(
      'KEYS_SHARE_THRESHOLD',
      msg('core.keys:share.groupIndex', { group: groupIndex + 1, count: groupCount }),
    );
  return {
    identifier: idExp >>> 5,
    extendable,
    iterationExponent: idExp & 15,
    groupIndex,
    groupThreshold,
    groupCount,
    memberIndex: (params >>> 4) & 15,
    memberThreshold: (params & 15) + 1,
    value: wordsToValue(indices.slice(PREFIX_WORDS, -CHECKSUM_WORDS)),
  };
}

/** The identifier of the set a share belongs to (its secret value is read, then wiped). */
export function shareIdentifier(mnemonic: string): number {
  const share = parseShare(mnemonic);
  share.value.fill(0);
  return share.identifier;
}

/** The value's bytes; its padding bits must be zero (KEYS_SHARE_PADDING). */
function wordsToValue(valueWords: readonly number[]): Uint8Array {
  const padding = paddingBits(valueWords.length);
  const length = (10 * valueWords.length - padding) / 8;
  let number = 0n;
  for (const w of valueWords) number = (number << 10n) | BigInt(w);
  if (number >> BigInt(8 * length) !== 0n) throw new ShareError('KEYS_SHARE_PADDING', msg('core.keys:share.padding'));
  const value = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    value[i] = Number(number & 0xffn);
    number >>= 8n;
  }
  return value;
}
