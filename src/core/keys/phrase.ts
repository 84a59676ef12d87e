import { generateMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist as englishRaw } from '@scure/bip39/wordlists/english';
import { KeyError, UnknownWordError } from '../errors/keys';
import { msg } from '../i18n/message';
import { englishWordlist, loadWordlist, PHRASE_LANGUAGES, type PhraseLanguage, type Wordlist } from './wordlists';
import { suggestWords } from './wordSuggestions';

export const PHRASE_WORD_COUNTS = [12, 15, 18, 21, 24] as const;
export type PhraseWordCount = (typeof PHRASE_WORD_COUNTS)[number];

/** A checked recovery phrase: its words and BIP39 form (NFKD, single spaces) and language. */
export type ParsedPhrase = { words: readonly string[]; phrase: string; language: PhraseLanguage };

/** A new English recovery phrase of 12 or 24 words from the platform's CSPRNG. */
export function generatePhrase(wordCount: 12 | 24): string {
  return generateMnemonic(englishRaw, wordCount === 12 ? 128 : 256);
}

/**
 * Splits typed or pasted text into words as BIP39 compares them: NFKD (so full-width and
 * composed characters match, and the ideographic space of Japanese phrases becomes a space),
 * any run of whitespace as one separator, lower case for cased scripts.
 */
export function splitPhrase(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w.length > 0);
}

async function detectWordlist(words: readonly string[]): Promise<Wordlist> {
  const english = englishWordlist();
  if (words.every((w) => english.index.has(w))) return english;
  let best = english;
  let bestHits = words.filter((w) => english.index.has(w)).length;
  for (const language of PHRASE_LANGUAGES) {
    if (language === 'english') continue;
    const list = await loadWordlist(language);
    const hits = words.filter((w) => list.index.has(w)).length;
    if (hits > bestHits) {
      best = list;
      bestHits = hits;
    }
  }
  return best;
}

/**
 * Checks a recovery phrase in any BIP39 language and returns it in BIP39 form.
 *
 * Throws KEYS_PHRASE_EMPTY, KEYS_PHRASE_UNKNOWN_WORD (with the word's position and suggestions),
 * KEYS_PHRASE_WORD_COUNT or KEYS_PHRASE_CHECKSUM.
 */
export async function parsePhrase(text: string): Promise<ParsedPhrase> {
  const words = splitPhrase(text);
  if (words.length === 0) throw new KeyError('KEYS_PHRASE_EMPTY', msg('core.keys:phrase.empty'));
  const list = await detectWordlist(words);
  const unknown = words.findIndex((w) => !list.index.has(w));
  if (unknown !== -1) {
    throw new UnknownWordError({ position: unknown + 1, suggestions: suggestWords(words[unknown] ?? '', list.words) });
  }
  if (!(PHRASE_WORD_COUNTS as readonly number[]).includes(words.length)) {
    throw new KeyError('KEYS_PHRASE_WORD_COUNT', msg('core.keys:phrase.wordCount', { count: words.length }));
  }
  const phrase = words.join(' ');
  try {
    mnemonicToEntropy(phrase, list.words as string[]);
  } catch {
    throw new KeyError('KEYS_PHRASE_CHECKSUM', msg('core.keys:phrase.checksum'));
  }
  return { words, phrase, language: list.language };
}
