import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';

/**
 * A tolerant reader for the JSON-like text people type for arrays and tuples: `[1, 2]`,
 * `{"to": "0x…", "amount": 5}`, `[[1, 2], [3]]`. Unlike JSON.parse it keeps every unquoted token
 * as the text typed (so `123456789012345678901234567890` stays exact), accepts unquoted tokens such
 * as `0xabc…` and `true`, single-quoted strings, unquoted object keys and trailing commas. What the
 * tokens mean is decided later, against the ABI type (see abiInput.ts).
 */

/** `at` is the 1-based character position in the text, for messages. */
export type ValueNode =
  | { kind: 'list'; items: ValueNode[]; at: number }
  | { kind: 'object'; entries: ObjectEntry[]; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'bare'; text: string; at: number };
export type ObjectEntry = { key: string; value: ValueNode; at: number };

/** Deeper nesting than this is refused (no ABI type needs it; it bounds the recursion). */
export const MAX_VALUE_DEPTH = 32;

/**
 * The error for a value that does not fit: `path` names the field (`order.amounts[0]`, or '' for
 * an unnamed top-level field) and leads the sentence; `problem` is worded to follow it.
 */
export function valueError(path: string, problem: Message): InputError {
  return new InputError(
    'INPUT_ABI_VALUE',
    path
      ? msg('core.contracts:abiValue.atPath', { path: codeValue(path), problem })
      : msg('core.contracts:abiValue.unnamed', { problem }),
  );
}

const BARE_STOP = /[\s[\]{},:"']/;
const ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function show(char: string): Message {
  return char === ''
    ? msg('core.contracts:abiValue.endOfText')
    : msg('core.contracts:abiValue.char', { char: codeValue(char) });
}

class Reader {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly path: string,
  ) {}

  private fail(problem: Message): InputError {
    return valueError(this.path, problem);
  }

  read(): ValueNode {
    const node = this.value(0);
    this.skipSpace();
    if (this.pos < this.text.length) {
      throw this.fail(msg('core.contracts:abiValue.afterEnd', { found: show(this.peek()), at: this.pos + 1 }));
    }
    return node;
  }

  private peek(): string {
    return this.text[this.pos] ?? '';
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.peek())) this.pos++;
  }

  private value(depth: number): ValueNode {
    if (depth > MAX_VALUE_DEPTH) throw this.fail(msg('core.contracts:abiValue.tooDeep', { max: MAX_VALUE_DEPTH }));
    this.skipSpace();
    const char = this.peek();
    const at = this.pos + 1;
    if (char === '[') return { kind: 'list', items: this.sequence(']', () => this.value(depth + 1)), at };
    if (char === '{') return { kind: 'object', entries: this.sequence('}', () => this.entry(depth + 1)), at };
    if (char === '"' || char === "'") return { kind: 'string', value: this.quoted(), at };
    if (char === '' || BARE_STOP.test(char)) {
      throw this.fail(msg('core.contracts:abiValue.expectedValue', { at, found: show(char) }));
    }
    return { kind: 'bare', text: this.bare(), at };
  }

  /** Items separated by commas up to `close`; a trailing comma is allowed. */
  private sequence<T>(close: string, item: () => T): T[] {
    const open = this.pos + 1;
    this.pos++;
    const items: T[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === close) break;
      if (this.peek() === '') throw this.fail(this.notClosed(open, close));
      items.push(item());
      this.skipSpace();
      const next = this.peek();
      if (next === ',') {
        this.pos++;
        continue;
      }
      if (next === close) break;
      if (next === '') throw this.fail(this.notClosed(open, close));
      throw this.fail(
        msg('core.contracts:abiValue.expectedSeparator', {
          close: codeValue(close),
          at: this.pos + 1,
          found: show(next),
        }),
      );
    }
    this.pos++;
    return items;
  }

  private notClosed(open: number, close: string): Message {
    return msg('core.contracts:abiValue.notClosed', {
      open: codeValue(this.text[open - 1] ?? ''),
      at: open,
      close: codeValue(close),
    });
  }

  private entry(depth: number): ObjectEntry {
    const at = this.pos + 1;
    const char = this.peek();
    let key: string;
    if (char === '"' || char === "'") key = this.quoted();
    else if (char !== '' && !BARE_STOP.test(char)) key = this.bare();
    else throw this.fail(msg('core.contracts:abiValue.expectedName', { at, found: show(char) }));
    this.skipSpace();
    if (this.peek() !== ':') {
      throw this.fail(msg('core.contracts:abiValue.expectedColon', { name: codeValue(key), at: this.pos + 1 }));
    }
    this.pos++;
    return { key, value: this.value(depth), at };
  }

  private bare(): string {
    const start = this.pos;
    while (this.pos < this.text.length && !BARE_STOP.test(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A string in double or single quotes with JSON escapes (plus \'). */
  private quoted(): string {
    const quote = this.peek();
    const start = this.pos + 1;
    this.pos++;
    let out = '';
    for (;;) {
      const char = this.peek();
      if (char === '')
        throw this.fail(msg('core.contracts:abiValue.unclosedQuote', { at: start, quote: codeValue(quote) }));
      this.pos++;
      if (char === quote) return out;
      if (char !== '\\') {
        out += char;
        continue;
      }
      const code = this.peek();
      this.pos++;
      const simple = ESCAPES[code];
      if (simple !== undefined) {
        out += simple;
      } else if (code === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos, this.pos + 4))) {
        out += String.fromCharCode(Number.parseInt(this.text.slice(this.pos, this.pos + 4), 16));
        this.pos += 4;
      } else {
        throw this.fail(msg('core.contracts:abiValue.badEscape', { escape: codeValue(`\\${code}`), at: this.pos - 1 }));
      }
    }
  }
}

/**
 * Reads one value from `text`. Errors: INPUT_ABI_VALUE, led by `path`, naming the character at fault.
 */
export function readValueText(text: string, path: string): ValueNode {
  return new Reader(text, path).read();
}
