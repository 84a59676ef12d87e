import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoMessage, pseudoText } from './pseudo';

const ASCII_LETTER = /[A-Za-z]/;

describe('pseudo-locale', () => {
  it('leaves no ASCII letter and lengthens the text', () => {
    const english = 'Send tokens to an address you trust';
    const pseudo = pseudoText(english);
    expect(pseudo).not.toMatch(ASCII_LETTER);
    expect(pseudo.length).toBeGreaterThan(english.length * 1.25);
  });

  it('keeps numbered tags, digits and punctuation', () => {
    const pseudo = pseudoText('Read <0>the guide</0>, step 2.<1/>');
    expect(pseudo).toMatch(/^[^A-Za-z]+ <0>[^A-Za-z]+<\/0>, [^A-Za-z]+ 2\.<1\/>$/);
  });

  it('keeps arguments, plural structure and # while wrapping the message in brackets', () => {
    const compiled = compileMessage('{count, plural, one {# account on {network}} other {# accounts}} left');
    const pseudo = pseudoMessage(compiled) as unknown[];
    expect(pseudo[0]).toBe(PSEUDO_OPEN);
    expect(pseudo.at(-1)).toBe(PSEUDO_CLOSE);
    const [name, kind, cases] = pseudo[1] as [string, string, Record<string, unknown[]>];
    expect([name, kind]).toEqual(['count', 'plural']);
    expect(cases.one?.[0]).toBe('#');
    expect(cases.one?.[2]).toEqual(['network']);
    expect(cases.one?.[1]).not.toMatch(ASCII_LETTER);
    expect(pseudo[2]).not.toMatch(ASCII_LETTER);
  });

  it('wraps a message of plain text', () => {
    expect(pseudoMessage(['Lock'])).toEqual([PSEUDO_OPEN, pseudoText('Lock'), PSEUDO_CLOSE]);
  });
});
