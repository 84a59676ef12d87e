// Finds where JSON text goes wrong. JSON.parse says so too, but each browser words and places it
// differently (V8 often gives no position at all), so the person would not know where to look.
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';

class Failure {
  constructor(readonly position: number) {}
}

const ESCAPES = '"\\/bfnrt';
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

function firstErrorAt(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Failure(i);
  };
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const expect = (char: string) => {
    if (text.charAt(i) !== char) fail();
    i++;
  };
  const literal = (word: string) => {
    for (const char of word) expect(char);
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= text.length) fail();
      const code = text.charCodeAt(i);
      if (code === 0x22) break;
      if (code < 0x20) fail();
      if (code === 0x5c) {
        i++;
        if (text.charAt(i) === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (!/[0-9a-fA-F]/.test(text.charAt(i))) fail();
          }
        } else if (i >= text.length || !ESCAPES.includes(text.charAt(i))) fail();
      }
      i++;
    }
    i++;
  };
  const member = () => {
    skipSpace();
    string();
    skipSpace();
    expect(':');
    value();
  };
  const value = (): void => {
    skipSpace();
    switch (text.charAt(i)) {
      case '{':
        container('}', member);
        break;
      case '[':
        container(']', value);
        break;
      case '"':
        string();
        break;
      case 't':
        literal('true');
        break;
      case 'f':
        literal('false');
        break;
      case 'n':
        literal('null');
        break;
      default:
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) fail();
        i = NUMBER.lastIndex;
    }
  };
  const container = (close: string, item: () => void) => {
    i++;
    skipSpace();
    if (text.charAt(i) === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      skipSpace();
      if (text.charAt(i) === close) break;
      expect(',');
    }
    i++;
  };
  try {
    value();
    skipSpace();
    return i < text.length ? i : undefined;
  } catch (error) {
    // A RangeError (nesting deeper than the stack) leaves the place unknown.
    return error instanceof Failure ? error.position : undefined;
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const lines = text.slice(0, position).split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * The sentence for text that JSON.parse refused, saying where it goes wrong when that is known.
 * The character found is shown as an untrusted one (it may be invisible).
 */
export function jsonSyntaxSentence(text: string): Message {
  const position = firstErrorAt(text);
  if (position === undefined) return msg('core.signing:json.invalid');
  if (position >= text.length) return msg('core.signing:json.endsEarly');
  const code = text.codePointAt(position) ?? 0;
  const place = lineAndColumn(text, position);
  if (code < 0x20) {
    return msg('core.signing:json.control', { code: codeValue(`U+${code.toString(16).padStart(4, '0')}`), ...place });
  }
  return msg('core.signing:json.unexpected', { found: untrustedValue(String.fromCodePoint(code), 'whole'), ...place });
}
