import { describe, expect, it } from 'vitest';
import { printableUtf8, revealHidden } from './text';
import { parseTypedDataJson } from './typedData';
import { hasHiddenCharacters, typedDataTree } from './typedDataTree';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('text that could read as something else', () => {
  it('is not offered as the reading of hex bytes', () => {
    for (const sneaky of ['a\u200bb', 'pay\u202eme', 'x\u2028y', 'w\u2060j', 'tag\u{E0041}', 'al\u061cm', 'nul\u0000'])
      expect(printableUtf8(bytes(sneaky)), JSON.stringify(sneaky)).toBeUndefined();
    expect(printableUtf8(bytes('Hello,\nBob\t✓'))).toBe('Hello,\nBob\t✓');
  });

  it('is shown with its hidden characters as visible codes', () => {
    expect(revealHidden('Uni\u202eswap\u200b')).toEqual({ text: 'Uni\\u{202E}swap\\u{200B}', hidden: true });
    expect(revealHidden('plain text\nwith a line')).toEqual({ text: 'plain text\nwith a line', hidden: false });
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
  });
});
