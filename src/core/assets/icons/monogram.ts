// The stand-in for a token or network without a bundled icon: one letter or digit of its symbol on
// a disc whose colour comes from its address. The symbol is untrusted text: the letter is taken
// only from what a reader sees of it (see src/core/text/untrustedText.ts).
import { isHiddenCharacter, TEXT_LIMITS } from '../../text/untrustedText';

/** How many background colours monograms have: --color-monogram-1 … -6 in src/app/tokens.css. */
export const MONOGRAM_TONES = 6;

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * The first letter or digit of a symbol, in capitals, skipping hidden and direction-changing
 * characters, emoji and punctuation; '' when the part of the symbol that is shown has none.
 */
export function monogramLetter(symbol: string): string {
  let seen = 0;
  for (const char of symbol) {
    if (++seen > TEXT_LIMITS.symbol.max) break;
    if (isHiddenCharacter(char) || !LETTER_OR_DIGIT.test(char)) continue;
    const upper = char.toUpperCase();
    // Some capitals are two letters (ß → SS): keep the one letter then.
    return [...upper].length === 1 ? upper : char;
  }
  return '';
}

/**
 * The monogram's colour, 1 to MONOGRAM_TONES, the same for a key on every run and in any letter
 * case: FNV-1a over the lower-case key (a contract address, or `native:<chain id>`).
 */
export function monogramTone(key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % MONOGRAM_TONES) + 1;
}
