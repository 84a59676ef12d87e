import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS, type TextKind, untrustedText } from './untrustedText';

// The oracle, written from the Unicode properties rather than from the module's own list.
const INVISIBLE_OR_BIDI = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;
const CONTROL = /\p{Cc}/u;
const LINE_CONTROL = /^[\t\n\r]$/;

const tricky = fc.constantFrom(
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u061c', // Arabic letter mark
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\u2060', // word joiner
  '\ufeff', // byte-order mark
  '\u00ad', // soft hyphen
  '\u3164', // Hangul filler
  '\ufe0f', // variation selector 16
  '\u{e0041}', // tag latin capital A
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\ud800', // a lone high surrogate
  '\udc00', // a lone low surrogate
  '\\',
  '…',
  '🪨',
  'e\u0301',
);
const anyText = fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });
const kinds = Object.keys(TEXT_LIMITS) as TextKind[];
const codePoints = (text: string) => [...text].length;

describe('untrusted text', () => {
  it('writes hidden and direction-changing characters as codes and says so', () => {
    expect(untrustedText('US\u202eTD\u200d', 'symbol')).toEqual({
      text: 'US\\u{202E}TD\\u{200D}',
      hidden: true,
      truncated: false,
    });
    expect(untrustedText('tag\u{e0041}', 'name').text).toBe('tag\\u{E0041}');
    expect(untrustedText('nul\u0000 c1\u0085', 'name').text).toBe('nul\\u{0000} c1\\u{0085}');
    expect(untrustedText('half\ud800', 'name').text).toBe('half\\u{D800}');
    expect(untrustedText('x\u2028y', 'nftDescription').text).toBe('x\\u{2028}y');
  });

  it('keeps tab and line breaks only where text may have several lines', () => {
    expect(untrustedText('a\tb\nc\r\n', 'nftDescription')).toEqual({
      text: 'a\tb\nc\r\n',
      hidden: false,
      truncated: false,
    });
    expect(untrustedText('a\tb\nc', 'name')).toEqual({ text: 'a\\u{0009}b\\u{000A}c', hidden: true, truncated: false });
  });

  it('leaves ordinary text of any script alone', () => {
    for (const text of ['DAI', 'Demo Dai Stablecoin', 'Ünïcödé', '名前', 'שלום', 'مرحبا', '🪨 Cairn #1', 'e\u0301'])
      expect(untrustedText(text, 'tokenName')).toEqual({ text, hidden: false, truncated: false });
  });

  it('cuts long text to its limit with "…", never inside a character or a code', () => {
    expect(untrustedText('x'.repeat(25), 'symbol')).toEqual({
      text: `${'x'.repeat(23)}…`,
      hidden: false,
      truncated: true,
    });
    expect(untrustedText('x'.repeat(24), 'symbol').truncated).toBe(false);
    expect(untrustedText(`${'a'.repeat(8)}🪨🪨`, { max: 9 }).text).toBe(`${'a'.repeat(8)}…`);
    // The code would not fit whole before the "…", so it goes entirely, and with it the warning.
    expect(untrustedText('abc\u202edef', { max: 8 })).toEqual({ text: 'abc…', hidden: false, truncated: true });
    expect(untrustedText('ab\u202e', { max: 10 })).toEqual({ text: 'ab\\u{202E}', hidden: true, truncated: false });
    expect(untrustedText('d'.repeat(100_000), 'whole').text).toHaveLength(100_000);
  });

  it('never lets an invisible, direction-changing or control character through, whatever the limit', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...kinds), (raw, kind) => {
        const shown = untrustedText(raw, kind);
        expect(shown.text).not.toMatch(INVISIBLE_OR_BIDI);
        const controls = [...shown.text].filter((c) => CONTROL.test(c));
        const kept = TEXT_LIMITS[kind].multiline === true ? controls.filter((c) => !LINE_CONTROL.test(c)) : controls;
        expect(kept).toEqual([]);
        expect([...shown.text].some((c) => /\p{Cs}/u.test(c))).toBe(false);
        expect(codePoints(shown.text)).toBeLessThanOrEqual(TEXT_LIMITS[kind].max);
      }),
      { numRuns: 500 },
    );
  });

  it('changes nothing in text without such characters that fits, and cuts only what does not fit', () => {
    const plain = anyText.map((raw) => [...raw].filter((c) => untrustedText(c, 'name').text === c).join(''));
    fc.assert(
      fc.property(plain, fc.integer({ min: 1, max: 60 }), (raw, max) => {
        const shown = untrustedText(raw, { max });
        if (codePoints(raw) <= max) expect(shown).toEqual({ text: raw, hidden: false, truncated: false });
        else {
          expect(shown.truncated).toBe(true);
          expect(shown.text).toBe(`${[...raw].slice(0, max - 1).join('')}…`);
        }
      }),
    );
  });

  it('shows a cut text as the start of the whole one, with a warning only for codes it still shows', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 80 }), (raw, max) => {
        const whole = untrustedText(raw, { max: Number.POSITIVE_INFINITY });
        const shown = untrustedText(raw, { max });
        if (!shown.truncated) expect(shown).toEqual(whole);
        else {
          const kept = shown.text.slice(0, -1);
          expect(whole.text.startsWith(kept)).toBe(true);
          // Rebuild the kept part character by character: it ends between two of them.
          let rebuilt = '';
          let coded = false;
          for (const char of raw) {
            const one = untrustedText(char, { max: Number.POSITIVE_INFINITY });
            if (rebuilt.length + one.text.length > kept.length) break;
            rebuilt += one.text;
            coded ||= one.hidden;
          }
          expect(rebuilt).toBe(kept);
          expect(shown.hidden).toBe(coded);
        }
      }),
    );
  });
});
