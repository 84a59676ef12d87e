// Text checks shared by the message and typed-data parsers.

/**
 * Index of the first unpaired UTF-16 surrogate, or -1. Such a string has no exact UTF-8 form
 * (the encoder would put U+FFFD in its place), so the bytes signed would not be the text shown.
 */
export function unpairedSurrogateAt(text: string): number {
  return text.search(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
}

// Control characters other than tab and line breaks, the bidirectional overrides that can make
// text read differently from its bytes, and the invisible byte-order mark.
function unprintable(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
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
