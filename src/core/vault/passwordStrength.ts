import { type Message, msg } from '../i18n/message';
import type { PasswordEstimate, PasswordEstimator } from './passwordPolicy';

/** zxcvbn's warnings, by its translation key, as Cairn's messages. */
export const WARNINGS: Readonly<Record<string, Message>> = {
  straightRow: msg('core.keys:password.warning.straightRow'),
  keyPattern: msg('core.keys:password.warning.keyPattern'),
  simpleRepeat: msg('core.keys:password.warning.simpleRepeat'),
  extendedRepeat: msg('core.keys:password.warning.extendedRepeat'),
  sequences: msg('core.keys:password.warning.sequences'),
  recentYears: msg('core.keys:password.warning.recentYears'),
  dates: msg('core.keys:password.warning.dates'),
  topTen: msg('core.keys:password.warning.topTen'),
  topHundred: msg('core.keys:password.warning.topHundred'),
  common: msg('core.keys:password.warning.common'),
  similarToCommon: msg('core.keys:password.warning.similarToCommon'),
  wordByItself: msg('core.keys:password.warning.wordByItself'),
  namesByThemselves: msg('core.keys:password.warning.namesByThemselves'),
  commonNames: msg('core.keys:password.warning.commonNames'),
  userInputs: msg('core.keys:password.warning.userInputs'),
  pwned: msg('core.keys:password.warning.pwned'),
};

/** zxcvbn's suggestions, by its translation key, as Cairn's messages. */
export const SUGGESTIONS: Readonly<Record<string, Message>> = {
  l33t: msg('core.keys:password.suggestion.l33t'),
  reverseWords: msg('core.keys:password.suggestion.reverseWords'),
  allUppercase: msg('core.keys:password.suggestion.allUppercase'),
  capitalization: msg('core.keys:password.suggestion.capitalization'),
  dates: msg('core.keys:password.suggestion.dates'),
  recentYears: msg('core.keys:password.suggestion.recentYears'),
  associatedYears: msg('core.keys:password.suggestion.associatedYears'),
  sequences: msg('core.keys:password.suggestion.sequences'),
  repeated: msg('core.keys:password.suggestion.repeated'),
  longerKeyboardPattern: msg('core.keys:password.suggestion.longerKeyboardPattern'),
  anotherWord: msg('core.keys:password.suggestion.anotherWord'),
  useWords: msg('core.keys:password.suggestion.useWords'),
  noNeed: msg('core.keys:password.suggestion.noNeed'),
  pwned: msg('core.keys:password.suggestion.pwned'),
};

/** Each text of a zxcvbn translation table replaced by its key, so feedback names keys, not English. */
function keysOf<T extends Record<string, unknown>>(table: T): Record<keyof T, string> {
  return Object.fromEntries(Object.keys(table).map((key) => [key, key])) as Record<keyof T, string>;
}

let loading: Promise<PasswordEstimator> | undefined;

/**
 * zxcvbn-ts with its common-password and English dictionaries. Several hundred kilobytes, so it
 * is loaded on demand (only screens that set a password need it). Its feedback comes back as
 * translation keys, turned into Cairn's messages (a key this table does not know is left out).
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const { warnings, suggestions, timeEstimation } = english.translations;
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: { warnings: keysOf(warnings), suggestions: keysOf(suggestions), timeEstimation },
    });
    return (password: string, userInputs: string[]): PasswordEstimate => {
      const result = zxcvbn.check(password, userInputs);
      const warning = result.feedback.warning;
      return {
        score: result.score,
        warning: (warning && Object.hasOwn(WARNINGS, warning) && WARNINGS[warning]) || null,
        suggestions: result.feedback.suggestions.flatMap((key) =>
          Object.hasOwn(SUGGESTIONS, key) ? (SUGGESTIONS[key] ?? []) : [],
        ),
      };
    };
  })();
  return loading;
}
