// Text checks shared by the message and typed-data parsers.
import { untrustedText } from '../text/untrustedText';

/**
 * Index of the first unpaired UTF-16 surrogate, or -1. Such a string has no exact UTF-8 form
 * (the encoder would put U+FFFD in its place), so the bytes signed would not be the text shown.
 */
export function unpairedSurrogateAt(text: string): number {
  return text.search(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
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
  return untrustedText(text, 'whole').hidden ? undefined : text;
}
