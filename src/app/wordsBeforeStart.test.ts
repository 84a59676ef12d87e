import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { msg } from '@/core/i18n/message';
import { BUILT_IN_WORDS, type StartMessageId, startMessageWords, startWords } from './wordsBeforeStart';

/** The English catalog a message id belongs to, as shipped. */
function englishCatalog(id: string): Record<string, string> {
  const namespace = id.slice(0, id.indexOf(':'));
  return JSON.parse(readFileSync(new URL(`../locales/en/${namespace}.json`, import.meta.url), 'utf8'));
}

describe('words before start', () => {
  it('has built-in English that is the English catalog’s, word for word', () => {
    for (const [id, words] of Object.entries(BUILT_IN_WORDS)) {
      expect(words, id).toBe(englishCatalog(id)[id]);
    }
  });

  it('says the catalog’s words once they are loaded', () => {
    expect(startWords('common:start.reload', () => 'Neu laden')).toBe('Neu laden');
    expect(startWords('common:start.framed')).toBe(BUILT_IN_WORDS['common:start.framed']);
  });

  it('falls back to the built-in English, never the id, when the catalog could not be loaded', () => {
    // In a page, a message whose catalog is missing comes back as its id; in tests, it throws.
    const unloaded = (id: StartMessageId) => id;
    for (const id of Object.keys(BUILT_IN_WORDS) as StartMessageId[]) {
      expect(startWords(id, unloaded)).toBe(BUILT_IN_WORDS[id]);
      expect(
        startWords(id, () => {
          throw new Error('not loaded');
        }),
      ).toBe(BUILT_IN_WORDS[id]);
    }
    expect(startMessageWords(msg('core.keys:storage.unavailable'))).toBe(
      BUILT_IN_WORDS['core.keys:storage.unavailable'],
    );
  });
});
