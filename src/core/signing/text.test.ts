import { describe, expect, it } from 'vitest';
import { printableUtf8 } from './text';
import { parseTypedDataJson } from './typedData';
import { hasHiddenCharacters, typedDataTree } from './typedDataTree';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('text that could read as something else', () => {
  it('is not offered as the reading of hex bytes', () => {
    for (const sneaky of [
      'a\u200bb',
      'pay\u202eme',
      'x\u2028y',
      'w\u2060j',
      'tag\u{E0041}',
      'al\u061cm',
      'nul\u0000',
      'vs\ufe0f',
      'fill\u3164er',
    ])
      expect(printableUtf8(bytes(sneaky)), JSON.stringify(sneaky)).toBeUndefined();
    expect(printableUtf8(bytes('Hello,\nBob\t✓'))).toBe('Hello,\nBob\t✓');
  });

  it('is flagged in typed data, in the domain and the message alike', () => {
    const typed = (name: string, contents: string) =>
      parseTypedDataJson(
        JSON.stringify({
          types: { Note: [{ name: 'contents', type: 'string' }] },
          primaryType: 'Note',
          domain: { name, chainId: 1 },
          message: { contents },
        }),
      ).typedData;
    const clean = typedDataTree(typed('Mail', 'Hello'));
    expect(hasHiddenCharacters(clean.domain) || hasHiddenCharacters(clean.message)).toBe(false);
    const inDomain = typedDataTree(typed('Uni\u202eswap', 'Hello'));
    expect(hasHiddenCharacters(inDomain.domain)).toBe(true);
    expect(inDomain.domain.children?.[0]?.value).toBe('Uni\\u{202E}swap');
    const inMessage = typedDataTree(typed('Mail', 'pay\u0000 me'));
    expect(hasHiddenCharacters(inMessage.message)).toBe(true);
    expect(inMessage.message?.children?.[0]?.value).toBe('pay\\u{0000} me');
    // Lines stay lines, and what is signed is never cut, however long.
    const long = `${'line\n'.repeat(5_000)}end\u2066`;
    const whole = typedDataTree(typed('Mail', long)).message?.children?.[0]?.value ?? '';
    expect(whole).toBe(`${'line\n'.repeat(5_000)}end\\u{2066}`);
  });
});
