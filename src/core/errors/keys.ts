import { codeValue, type Message, msg } from '../i18n/message';
import { CairnError } from './base';

export const KEY_ERROR_CODES = [
  'KEYS_PHRASE_EMPTY',
  'KEYS_PHRASE_WORD_COUNT',
  'KEYS_PHRASE_UNKNOWN_WORD',
  'KEYS_PHRASE_CHECKSUM',
  'KEYS_PRIVATE_KEY_FORMAT',
  'KEYS_PRIVATE_KEY_RANGE',
  'KEYS_PATH_INVALID',
  'KEYS_ADDRESS_FORMAT',
  'KEYS_ADDRESS_CHECKSUM',
  'KEYS_KEYSTORE_MALFORMED',
  'KEYS_KEYSTORE_UNSUPPORTED',
  'KEYS_KEYSTORE_WRONG_PASSWORD',
] as const;

export type KeyErrorCode = (typeof KEY_ERROR_CODES)[number];

/**
 * A problem with key material a person typed, pasted or loaded. Messages name the problem (and
 * where it is) but never repeat the secret itself.
 */
export class KeyError extends CairnError<KeyErrorCode> {
  override readonly name = 'KeyError';
}

/** A word of a recovery phrase that is not in the wordlist. `position` counts from 1. */
export class UnknownWordError extends KeyError {
  readonly position: number;
  readonly suggestions: readonly string[];

  constructor(args: { position: number; suggestions: readonly string[] }) {
    super('KEYS_PHRASE_UNKNOWN_WORD', unknownWordText(args.position, args.suggestions));
    this.position = args.position;
    this.suggestions = args.suggestions;
  }
}

/** A keystore file field that is missing or wrong. `field` is its JSON path, e.g. "crypto.kdfparams.salt". */
export class KeystoreFieldError extends KeyError {
  readonly field: string;

  /** `text` says what is wrong with the field, naming it (core.keys:keystore.field.*). */
  constructor(field: string, text: Message) {
    super('KEYS_KEYSTORE_MALFORMED', text);
    this.field = field;
  }
}

/** The sentence for an unknown word, with up to three words it may have been meant as. */
function unknownWordText(position: number, suggestions: readonly string[]): Message {
  const [first, second, third] = suggestions.map(codeValue);
  if (first === undefined) return msg('core.keys:phrase.unknownWord', { position });
  if (second === undefined) return msg('core.keys:phrase.unknownWordOne', { position, first });
  if (third === undefined) return msg('core.keys:phrase.unknownWordTwo', { position, first, second });
  return msg('core.keys:phrase.unknownWordThree', { position, first, second, third });
}
