import { wordlist as english } from '@scure/bip39/wordlists/english';

export type PhraseLanguage =
  | 'english'
  | 'japanese'
  | 'korean'
  | 'spanish'
  | 'chinese-simplified'
  | 'chinese-traditional'
  | 'french'
  | 'italian'
  | 'czech'
  | 'portuguese';

/** A BIP39 wordlist with its words in NFKD form (how BIP39 compares words) and an index. */
export type Wordlist = { language: PhraseLanguage; words: readonly string[]; index: ReadonlyMap<string, number> };

const loaders: Record<Exclude<PhraseLanguage, 'english'>, () => Promise<{ wordlist: string[] }>> = {
  japanese: () => import('@scure/bip39/wordlists/japanese'),
  korean: () => import('@scure/bip39/wordlists/korean'),
  spanish: () => import('@scure/bip39/wordlists/spanish'),
  'chinese-simplified': () => import('@scure/bip39/wordlists/simplified-chinese'),
  'chinese-traditional': () => import('@scure/bip39/wordlists/traditional-chinese'),
  french: () => import('@scure/bip39/wordlists/french'),
  italian: () => import('@scure/bip39/wordlists/italian'),
  czech: () => import('@scure/bip39/wordlists/czech'),
  portuguese: () => import('@scure/bip39/wordlists/portuguese'),
};

export const PHRASE_LANGUAGES = ['english', ...Object.keys(loaders)] as readonly PhraseLanguage[];

function toWordlist(language: PhraseLanguage, raw: readonly string[]): Wordlist {
  const words = raw.map((w) => w.normalize('NFKD'));
  return { language, words, index: new Map(words.map((w, i) => [w, i])) };
}

const cache = new Map<PhraseLanguage, Wordlist>([['english', toWordlist('english', english)]]);

/** The English wordlist, always at hand. */
export function englishWordlist(): Wordlist {
  return cache.get('english') as Wordlist;
}

/** Loads a wordlist (the non-English ones are fetched on demand, as separate chunks). */
export async function loadWordlist(language: PhraseLanguage): Promise<Wordlist> {
  const cached = cache.get(language);
  if (cached) return cached;
  if (language === 'english') return englishWordlist();
  const list = toWordlist(language, (await loaders[language]()).wordlist);
  cache.set(language, list);
  return list;
}

/** BCP 47 tags of the BIP-39 wordlists' languages. */
export const PHRASE_LANGUAGE_TAGS: Record<PhraseLanguage, string> = {
  english: 'en',
  japanese: 'ja',
  korean: 'ko',
  spanish: 'es',
  'chinese-simplified': 'zh-Hans',
  'chinese-traditional': 'zh-Hant',
  french: 'fr',
  italian: 'it',
  czech: 'cs',
  portuguese: 'pt',
};

/** A wordlist language's name in `locale`, or in the language itself (as language choosers name them). */
export function phraseLanguageName(language: PhraseLanguage, locale?: string): string {
  const tag = PHRASE_LANGUAGE_TAGS[language];
  return new Intl.DisplayNames([locale ?? tag], { type: 'language' }).of(tag) ?? tag;
}
