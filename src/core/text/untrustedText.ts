// The one way Cairn shows text it did not write: token names and symbols, NFT metadata, contact and
// ENS names, typed data, decoded strings. Such text can carry characters a reader cannot see or
// that reorder what is shown (U+202E turns "USTD" into what reads "USDT"), and it can be any length.

/** Untrusted text as it is shown: visible, bounded, and what was done to it. */
export type ShownText = {
  /** The text with every hidden or direction-changing character written as a `\u{…}` code, cut to its limit. */
  text: string;
  /** At least one character is shown as a code. */
  hidden: boolean;
  /** The text was cut and ends with "…". */
  truncated: boolean;
};

export type ShownTextOptions = {
  /** The most characters (code points) shown, codes and the "…" included; Infinity shows all. */
  max: number;
  /** Keep tab and line breaks, as a description or a message may have them; otherwise they are codes too. */
  multiline?: boolean;
};

/**
 * How much of each kind of untrusted text is shown. Limits count what is shown, so a short name
 * full of hidden characters is cut too (each becomes an 8-character code).
 */
const LIMITS = {
  /** A token's ticker (DAI, USDC); real ones have a dozen characters at most. */
  symbol: { max: 24 },
  /** A token or collection name. */
  tokenName: { max: 64 },
  /** A contact's or account's name (typed ones have at most 40 characters). */
  name: { max: 64 },
  ensName: { max: 100 },
  nftName: { max: 200 },
  nftDescription: { max: 2000, multiline: true },
  /** An NFT trait or its value. */
  nftTrait: { max: 200 },
  /** Words another program said to the person (a browser wallet's refusal), quoted in a sentence. */
  said: { max: 200 },
  /** What is signed or decoded: shown whole, since a cut would hide part of what it says. */
  whole: { max: Number.POSITIVE_INFINITY, multiline: true },
} satisfies Record<string, ShownTextOptions>;

export type TextKind = keyof typeof LIMITS;
export const TEXT_LIMITS: Readonly<Record<TextKind, ShownTextOptions>> = LIMITS;

/**
 * Characters shown as codes: the default-ignorable ones (zero-width spaces and joiners, variation
 * selectors, tag characters, Hangul fillers…), the bidirectional controls, every control and
 * format character, line and paragraph separators, and halves of surrogate pairs standing alone.
 */
const HIDDEN = /^[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]$/u;
const LINE_CONTROLS: ReadonlySet<string> = new Set(['\t', '\n', '\r']);
const ELLIPSIS = '…';

/** Whether a character (one code point) is shown as a code. */
export function isHiddenCharacter(char: string, multiline = false): boolean {
  return HIDDEN.test(char) && !(multiline && LINE_CONTROLS.has(char));
}

function code(char: string): string {
  return `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`;
}

/**
 * Untrusted text made safe to show: each hidden or direction-changing character written as a
 * visible `\u{202E}`-style code, and the result cut at a whole character or code to at most
 * `max` characters ending with "…". `hidden` tells whether any code is in what is shown.
 * Text without such characters and within the limit comes back unchanged.
 */
export function untrustedText(raw: string, how: TextKind | ShownTextOptions): ShownText {
  const { max, multiline = false } = typeof how === 'string' ? TEXT_LIMITS[how] : how;
  let text = '';
  let length = 0;
  let hidden = false;
  // The longest prefix that still leaves room for the "…", should the rest not fit.
  let fitting = { end: 0, hidden: false };
  for (const char of raw) {
    const coded = isHiddenCharacter(char, multiline);
    const unit = coded ? code(char) : char;
    length += coded ? unit.length : 1;
    if (length > max) {
      return { text: `${text.slice(0, fitting.end)}${ELLIPSIS}`, hidden: fitting.hidden, truncated: true };
    }
    text += unit;
    hidden ||= coded;
    if (length <= max - 1) fitting = { end: text.length, hidden };
  }
  return { text, hidden, truncated: false };
}

/** The shown text alone, for places that take plain text: attributes, option labels, sentences. */
export function untrustedLabel(raw: string, how: TextKind | ShownTextOptions): string {
  return untrustedText(raw, how).text;
}
