// Finds where JSON text goes wrong. JSON.parse says so too, but each browser words and places it
// differently (V8 often gives no position at all), so the person would not know where to look.

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

function lineAndColumn(text: string, position: number): string {
  const lines = text.slice(0, position).split('\n');
  return `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}

/** What is wrong with text that JSON.parse refused, as part of a sentence; undefined if unknown. */
export function jsonSyntaxProblem(text: string): string | undefined {
  const position = firstErrorAt(text);
  if (position === undefined) return undefined;
  if (position >= text.length) return 'it ends too early (a closing bracket or quote may be missing)';
  const code = text.codePointAt(position) ?? 0;
  const found =
    code < 0x20 ? `control character U+${code.toString(16).padStart(4, '0')}` : `“${String.fromCodePoint(code)}”`;
  return `unexpected ${found} at ${lineAndColumn(text, position)}`;
}
