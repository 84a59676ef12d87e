import { codeValue, type Message, msg } from '../i18n/message';
import { CairnError } from './base';

export const SHARE_ERROR_CODES = [
  'KEYS_SHARE_EMPTY',
  'KEYS_SHARE_WORD_COUNT',
  'KEYS_SHARE_UNKNOWN_WORD',
  'KEYS_SHARE_CHECKSUM',
  'KEYS_SHARE_PADDING',
  'KEYS_SHARE_THRESHOLD',
  'KEYS_SHARE_OTHER_SET',
  'KEYS_SHARE_REPEATED',
  'KEYS_SHARE_TOO_FEW',
  'KEYS_SHARE_DIGEST',
  'KEYS_SHARE_PASSPHRASE',
  'KEYS_SHARE_NOT_PHRASE',
] as const;

export type ShareErrorCode = (typeof SHARE_ERROR_CODES)[number];

/**
 * A problem with SLIP-0039 recovery shares a person typed, scanned or asked for. Like KeyError, the
 * sentence names the problem (and the word's position) but never repeats a share's words.
 */
export class ShareError extends CairnError<ShareErrorCode> {
  override readonly name: string = 'ShareError';
}

/** A word of a share that is not in the SLIP-0039 wordlist. `position` counts from 1. */
export class ShareUnknownWordError extends ShareError {
  override readonly name = 'ShareUnknownWordError';
  readonly position: number;
  readonly suggestions: readonly string[];

  constructor(args: { position: number; suggestions: readonly string[] }) {
    super('KEYS_SHARE_UNKNOWN_WORD', unknownWordText(args.position, args.suggestions));
    this.position = args.position;
    this.suggestions = args.suggestions;
  }
}

/**
 * What a share disagrees with the others about. The identifier, the extendable flag and the
 * iteration exponent are its first two words; the rest is the scheme it says it belongs to.
 */
export type ShareMismatch =
  | 'identifier'
  | 'extendable'
  | 'iterationExponent'
  | 'groupThreshold'
  | 'groupCount'
  | 'length'
  | 'memberThreshold';

/** A share of another set of shares than the ones given before it. */
export class ShareOtherSetError extends ShareError {
  override readonly name = 'ShareOtherSetError';
  readonly mismatch: ShareMismatch;

  constructor(mismatch: ShareMismatch) {
    const firstWords = mismatch === 'identifier' || mismatch === 'iterationExponent';
    super(
      'KEYS_SHARE_OTHER_SET',
      msg(
        mismatch === 'extendable'
          ? 'core.keys:share.otherExtendable'
          : firstWords
            ? 'core.keys:share.otherSet'
            : 'core.keys:share.otherScheme',
      ),
    );
    this.mismatch = mismatch;
  }
}

/**
 * A share given twice, or two shares with the same place in one group (a share and a forgery or a
 * damaged copy of it). Group and member count from 1, as the person would.
 */
export class ShareRepeatedError extends ShareError {
  override readonly name = 'ShareRepeatedError';
  readonly group: number;
  readonly member: number;
  /** The very same share again, rather than another share claiming its place. */
  readonly identical: boolean;

  constructor(args: { group: number; member: number; identical: boolean }) {
    super(
      'KEYS_SHARE_REPEATED',
      args.identical
        ? msg('core.keys:share.repeated')
        : msg('core.keys:share.samePlace', { member: args.member, group: args.group }),
    );
    this.group = args.group;
    this.member = args.member;
    this.identical = args.identical;
  }
}

/**
 * How far a set of shares is from restoring its secret. `groups` lists every group of the scheme
 * (index from 0): how many of its shares are in and how many more it needs, once a share of it has
 * told its threshold (`undefined` until then).
 */
export type SharesNeeded = {
  groupThreshold: number;
  groupCount: number;
  /** Complete groups still missing. */
  groupsMissing: number;
  groups: readonly { groupIndex: number; entered: number; threshold?: number; missing?: number }[];
};

/** Too few shares to restore the secret: how many more, per group. */
export class ShareTooFewError extends ShareError {
  override readonly name = 'ShareTooFewError';
  readonly needed: SharesNeeded;

  constructor(needed: SharesNeeded) {
    super('KEYS_SHARE_TOO_FEW', tooFewText(needed));
    this.needed = needed;
  }
}

function tooFewText(needed: SharesNeeded): Message {
  if (needed.groupCount === 1) {
    const missing = needed.groups[0]?.missing ?? 1;
    return msg('core.keys:share.tooFew', { count: missing });
  }
  return msg('core.keys:share.tooFewGroups', { count: needed.groupsMissing, threshold: needed.groupThreshold });
}

function unknownWordText(position: number, suggestions: readonly string[]): Message {
  const [first, second, third] = suggestions.map(codeValue);
  if (first === undefined) return msg('core.keys:share.unknownWord', { position });
  if (second === undefined) return msg('core.keys:share.unknownWordOne', { position, first });
  if (third === undefined) return msg('core.keys:share.unknownWordTwo', { position, first, second });
  return msg('core.keys:share.unknownWordThree', { position, first, second, third });
}
