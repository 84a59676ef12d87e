import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHiddenCharacter } from '../../text/untrustedText';
import { MONOGRAM_TONES, monogramLetter, monogramTone } from './monogram';

describe('monogram letter', () => {
  it.each([
    ['DAI', 'D'],
    ['usdc', 'U'],
    ['$PEPE', 'P'],
    ['1INCH', '1'],
    ['wstETH', 'W'],
    ['élan', 'É'],
    ['ß', 'ß'],
    ['дай', 'Д'],
    ['ريال', 'ر'],
  ])('%s → %s', (symbol, letter) => {
    expect(monogramLetter(symbol)).toBe(letter);
  });

  it('skips hidden and direction-changing characters rather than showing them', () => {
    expect(monogramLetter('US\u202eTD\u200d')).toBe('U');
    expect(monogramLetter('\u202eDSU')).toBe('D');
    expect(monogramLetter('\u200b\u200d\u2066X')).toBe('X');
    expect(monogramLetter('\u0000\u001bA')).toBe('A');
    expect(monogramLetter('\u{E0041}B')).toBe('B');
  });

  it('skips emoji and punctuation, and is empty when nothing is left', () => {
    expect(monogramLetter('🚀MOON')).toBe('M');
    expect(monogramLetter('👨‍👩‍👧')).toBe('');
    expect(monogramLetter('🚀')).toBe('');
    expect(monogramLetter('$$$')).toBe('');
    expect(monogramLetter('')).toBe('');
    expect(monogramLetter('\u202e\u200b')).toBe('');
  });

  it('looks only at the part of the symbol that is shown', () => {
    expect(monogramLetter(`${'\u200b'.repeat(30)}A`)).toBe('');
    expect(monogramLetter(`${'-'.repeat(20)}A`)).toBe('A');
  });

  it('is always one visible letter or digit, or nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (symbol) => {
        const letter = monogramLetter(symbol);
        if (letter === '') return;
        expect([...letter]).toHaveLength(1);
        expect(letter).toMatch(/^[\p{L}\p{N}]$/u);
        expect(isHiddenCharacter(letter)).toBe(false);
      }),
    );
    // A property over arbitrary Unicode: slow on a busy 2-core machine, so not bound to the 5 s default.
  }, 30_000);
});

describe('monogram colour', () => {
  const address = '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f';

  it('is the same for an address on every run and in any letter case', () => {
    expect(monogramTone(address)).toBe(monogramTone(address));
    expect(monogramTone(address.toLowerCase())).toBe(monogramTone(address));
    expect(monogramTone(address.toUpperCase().replace('0X', '0x'))).toBe(monogramTone(address));
    // Pinned, so a change of hash (which would recolour every monogram) is seen. FNV-1a of ''
    // and 'a' are 0x811c9dc5 and 0xe40c292c: 1 and 4 modulo 6.
    expect([monogramTone(''), monogramTone('a'), monogramTone(address), monogramTone('native:424242')]).toEqual([
      2, 5, 5, 5,
    ]);
  });

  it('is one of the palette’s tones, and addresses spread over all of them', () => {
    const seen = new Set<number>();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const tone = monogramTone(`0x${Buffer.from(bytes).toString('hex')}`);
        expect(tone).toBeGreaterThanOrEqual(1);
        expect(tone).toBeLessThanOrEqual(MONOGRAM_TONES);
        seen.add(tone);
      }),
      { numRuns: 300 },
    );
    expect(seen.size).toBe(MONOGRAM_TONES);
  });
});
