// Text checks shared by the message and typed-data parsers.

/**
 * Index of the first unpaired UTF-16 surrogate, or -1. Such a string has no exact UTF-8 form
 * (the encoder would put U+FFFD in its place), so the bytes signed would not be the text shown.
 */
export function unpairedSurrogateAt(text: string): number {
  return text.search(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
}

// Control characters other than tab and line breaks, the bidirectional marks and overrides that
// can make text read differently from its bytes, and the invisible ones (zero-width characters,
// word joiners, line/paragraph separators, the byte-order mark, tag characters).
function unprintable(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff ||
    (code >= 0xe0000 && code <= 0xe007f)
  );
}

/**
 * Text with every invisible or misleading character (as above, tab and line breaks included here)
 * written as a visible `\u{…}` code, and whether there was any.
 */
export function revealHidden(text: string): { text: string; hidden: boolean } {
  let hidden = false;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (unprintable(code)) {
      hidden = true;
      out += `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
    } else out += char;
  }
  return { text: out, hidden };
}

/** The bytes as text when they are valid UTF-8 with nothing invisible or misleading in them. */
export function printableUtf8(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  for (const char of text) if (unprintable(char.codePointAt(0) ?? 0)) return undefined;
  return text;
}
