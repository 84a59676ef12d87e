import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyError, UnknownWordError } from '../errors/keys';
import { generatePhrase, parsePhrase, splitPhrase } from './phrase';
import { englishWordlist } from './wordlists';
import { editDistance, suggestWords } from './wordSuggestions';

const valid12 = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

async function failure(text: string): Promise<KeyError> {
  const error = await parsePhrase(text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KeyError);
  return error as KeyError;
}

describe('recovery phrases', () => {
  it('generates 12 and 24 word phrases that check out, different every time', async () => {
    const a = generatePhrase(12);
    const b = generatePhrase(24);
    expect(a.split(' ')).toHaveLength(12);
    expect(b.split(' ')).toHaveLength(24);
    expect((await parsePhrase(a)).phrase).toBe(a);
    expect((await parsePhrase(b)).phrase).toBe(b);
    expect(generatePhrase(12)).not.toBe(a);
  });

  it('accepts pasted text with odd spacing, line breaks and capitals', async () => {
    const messy = `  Legal winner\tTHANK year\n wave sausage  worth useful legal winner thank yellow  `;
    expect((await parsePhrase(messy)).phrase).toBe(valid12);
    expect(splitPhrase('a\u3000b')).toEqual(['a', 'b']);
  });

  it('names an unknown word, its position, and suggests the likely word', async () => {
    const error = await failure(valid12.replace('sausage', 'sausag'));
    expect(error).toBeInstanceOf(UnknownWordError);
    expect(error.code).toBe('KEYS_PHRASE_UNKNOWN_WORD');
    expect((error as UnknownWordError).position).toBe(6);
    expect((error as UnknownWordError).suggestions).toContain('sausage');
    expect(error.shortMessage).toBe('Word 6 is not a recovery phrase word. Did you mean “sausage”?');
  });

  it('suggests by 4-letter prefix, by start and by edit distance', () => {
    const words = englishWordlist().words;
    expect(suggestWords('abandonn', words)).toEqual(['abandon']);
    expect(suggestWords('zoo', words)).toEqual(['zoo']);
    expect(suggestWords('wlak', words)).toContain('walk');
    expect(suggestWords('qqqqqqq', words)).toEqual([]);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('wlak', 'walk', 2)).toBe(1);
  });

  it('reports a wrong word count when every word is valid', async () => {
    const error = await failure(valid12.split(' ').slice(0, 11).join(' '));
    expect(error.code).toBe('KEYS_PHRASE_WORD_COUNT');
    expect(error.shortMessage).toContain('11 words');
    expect((await failure('abandon')).shortMessage).toContain('1 word;');
  });

  it('reports a bad checksum', async () => {
    const error = await failure(valid12.replace('yellow', 'wave'));
    expect(error.code).toBe('KEYS_PHRASE_CHECKSUM');
  });

  it('asks for a phrase when given nothing', async () => {
    expect((await failure('   ')).code).toBe('KEYS_PHRASE_EMPTY');
  });

  it('never repeats the phrase in an error message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 11 }), async (position) => {
        const words = valid12.split(' ');
        words[position] = 'notaword';
        const error = await failure(words.join(' '));
        for (const word of words.filter((w) => w !== 'notaword')) {
          expect(error.shortMessage).not.toContain(` ${word} `);
        }
      }),
      { numRuns: 12 },
    );
  });
});
