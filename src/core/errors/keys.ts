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
    const hint = args.suggestions.length > 0 ? ` Did you mean ${formatChoices(args.suggestions)}?` : '';
    super('KEYS_PHRASE_UNKNOWN_WORD', `Word ${args.position} is not a recovery phrase word.${hint}`);
    this.position = args.position;
    this.suggestions = args.suggestions;
  }
}

/** A keystore file field that is missing or wrong. `field` is its JSON path, e.g. "crypto.kdfparams.salt". */
export class KeystoreFieldError extends KeyError {
  readonly field: string;

  constructor(field: string, problem: string) {
    super('KEYS_KEYSTORE_MALFORMED', `This keystore file is damaged: ${field} ${problem}.`);
    this.field = field;
  }
}

function formatChoices(words: readonly string[]): string {
  const quoted = words.map((w) => `“${w}”`);
  if (quoted.length === 1) return quoted[0] ?? '';
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}
