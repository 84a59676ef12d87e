import { type Abi, parseAbi } from 'viem';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { MAX_ABI_CHARACTERS, parseAbiJson } from './abiJson';

/**
 * Reads an ABI typed or pasted by a person: JSON (anything starting with `[` or `{`, read by
 * parseAbiJson) or human-readable signatures, one per line:
 *
 *     function transfer(address to, uint256 amount) returns (bool)
 *     event Transfer(address indexed from, address indexed to, uint256 value)
 *     struct Order { address maker; uint96 amount; }
 *
 * Tolerated: blank lines, `//` and `/* … *\/` comments, trailing `,` or `;`, several signatures on a
 * line separated by `;`, signatures in quotes (as copied from code), a signature spread over
 * several lines while its brackets are open, and a missing `function` keyword
 * (`balanceOf(address owner) view returns (uint256)`) unless the line has `indexed` parameters,
 * which would make it an event.
 *
 * Errors: INPUT_ABI, naming the line and the problem.
 */
export function parseAbiText(text: string): Abi {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) return parseAbiJson(trimmed);
  if (trimmed === '') fail(msg('core.contracts:abiText.empty'));
  if (trimmed.length > MAX_ABI_CHARACTERS) fail(msg('core.contracts:abi.tooLong', { characters: trimmed.length }));
  const statements = splitStatements(text).map(withKeyword);
  const structs = statements.filter((s) => s.text.startsWith('struct '));
  checkStructs(structs);
  const structTexts = structs.map((s) => s.text);
  for (const statement of statements) {
    if (statement.text.startsWith('struct ')) continue;
    try {
      parseAbi([...structTexts, statement.text]);
    } catch (error) {
      fail(atLine(statement.line, abitypeProblem(error)));
    }
  }
  const abi = parseAbi(statements.map((s) => s.text)) as Abi;
  if (abi.length === 0) fail(msg('core.contracts:abiText.noItems'));
  return abi;
}

type Statement = { text: string; line: number };

function fail(sentence: Message): never {
  throw new InputError('INPUT_ABI', sentence);
}

/** The problem on a line, named: `Line 3: “uint7” is not a Solidity type.` */
function atLine(line: number, problem: Message): Message {
  return msg('core.contracts:abiText.atLine', { line, problem });
}

/** Cuts the text into signatures: at line ends and at `;` or `,` outside brackets; drops comments. */
function splitStatements(text: string): Statement[] {
  const out: Statement[] = [];
  let current = '';
  let start = 1;
  let line = 1;
  let depth = 0;
  let openedAt = 1;
  const flush = () => {
    const statement = current.replace(/\s+/g, ' ').trim();
    if (statement) out.push({ text: statement, line: start });
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '/' && text[i + 1] === '/') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const skipped = text.slice(i, end === -1 ? text.length : end + 2);
      line += skipped.split('\n').length - 1;
      i += skipped.length - 1;
      current += ' ';
      continue;
    }
    if (char === '\n') {
      line++;
      if (depth === 0) flush();
      else current += ' ';
      continue;
    }
    if (depth === 0 && (char === ';' || char === ',')) {
      flush();
      continue;
    }
    if (current.trim() === '' && /\S/.test(char)) start = line;
    if (char === '(' || char === '{') {
      if (depth === 0) openedAt = line;
      depth++;
    } else if (char === ')' || char === '}') {
      depth = Math.max(0, depth - 1);
    }
    current += char;
  }
  if (depth > 0) fail(atLine(openedAt, msg('core.contracts:abiText.unclosedBracket')));
  flush();
  return out;
}

const KEYWORDS = new Set(['function', 'event', 'error', 'struct', 'constructor', 'fallback', 'receive']);

/** Removes quotes around a signature and adds `function` where the line starts with `name(`. */
function withKeyword(statement: Statement): Statement {
  const quoted = /^(["'`])(.*)\1$/.exec(statement.text);
  const text = quoted ? (quoted[2] ?? '').trim() : statement.text;
  const word = /^[A-Za-z_$][\w$]*/.exec(text)?.[0] ?? '';
  if (KEYWORDS.has(word)) return { ...statement, text };
  if (word && /^[A-Za-z_$][\w$]*\s*\(/.test(text)) {
    if (/\b(indexed|anonymous)\b/.test(text)) {
      fail(atLine(statement.line, msg('core.contracts:abiText.indexed', { word: codeValue(word) })));
    }
    return { ...statement, text: `function ${text}` };
  }
  const shown = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return fail(atLine(statement.line, msg('core.contracts:abiText.notSignature', { text: codeValue(shown) })));
}

/** Checks the structs together, and if that fails, each alone (others stubbed) to find the line. */
function checkStructs(structs: Statement[]): void {
  if (structs.length === 0) return;
  try {
    parseAbi(structs.map((s) => s.text));
    return;
  } catch (error) {
    const names = structs.map((s) => /^struct\s+([A-Za-z_$][\w$]*)/.exec(s.text)?.[1]);
    for (const [i, struct] of structs.entries()) {
      const stubs = names.filter((n, j) => n && j !== i).map((n) => `struct ${n} { uint256 a; }`);
      try {
        parseAbi([...stubs, struct.text]);
      } catch (own) {
        fail(atLine(struct.line, abitypeProblem(own)));
      }
    }
    fail(atLine(structs[0]?.line ?? 1, abitypeProblem(error)));
  }
}

/**
 * A sentence from abitype's error (src/human-readable/errors in abitype): Cairn's message for each
 * kind it raises, its values read from abitype's words (its errors keep no fields of their own).
 * Anything else is shown as what it is: the ABI library's own words, in English, as untrusted text.
 */
export function abitypeProblem(error: unknown): Message {
  const e = error as { name?: string; shortMessage?: string; details?: string; metaMessages?: string[] };
  const meta = e.metaMessages?.[0]?.trim() ?? '';
  const quoted = (pattern: RegExp) => pattern.exec(meta)?.slice(1);
  switch (e.name) {
    case 'UnknownTypeError':
    case 'UnknownSolidityTypeError': {
      const [type] = quoted(/^Type "([^"]*)" is not a valid ABI type/) ?? [];
      if (type === undefined) break;
      return /^[A-Za-z_$][\w$]*$/.test(type) && !/^(u?int|bytes|u?fixed)\d/.test(type)
        ? msg('core.contracts:abiText.unknownStruct', { type: codeValue(type) })
        : msg('core.contracts:abiText.notSolidityType', { type: codeValue(type) });
    }
    case 'CircularReferenceError': {
      const [type] = quoted(/^Struct "([^"]*)" is a circular reference/) ?? [];
      if (type !== undefined) return msg('core.contracts:abiText.circular', { type: codeValue(type) });
      break;
    }
    case 'InvalidModifierError':
    case 'InvalidFunctionModifierError': {
      const [modifier, type] = quoted(/^Modifier "([^"]*)" not allowed(?: in "([^"]*)" type)?/) ?? [];
      if (modifier === undefined) break;
      return type === undefined
        ? msg('core.contracts:abiText.modifier', { modifier: codeValue(modifier) })
        : msg('core.contracts:abiText.modifierIn', { modifier: codeValue(modifier), type: codeValue(type) });
    }
    case 'SolidityProtectedKeywordError': {
      const [name, url] = quoted(/^"([^"]*)" is a protected Solidity keyword\. More info: (\S+)$/) ?? [];
      if (name === undefined || url === undefined) break;
      return msg('core.contracts:abiText.protectedKeyword', { name: codeValue(name), url: codeValue(url) });
    }
    case 'InvalidParenthesisError': {
      const [text, side] = quoted(/^"(.*)" has too many (opening|closing) parentheses/) ?? [];
      if (text === undefined || side === undefined) break;
      return msg('core.contracts:abiText.parentheses', { text: codeValue(text), side });
    }
    case 'InvalidStructSignatureError':
      return msg('core.contracts:abiText.noProperties');
    case 'InvalidAbiTypeParameterError':
      return msg('core.contracts:abiText.parameterType');
    case 'UnknownSignatureError':
    case 'InvalidSignatureError':
      return msg('core.contracts:abiText.unreadableSignature', { text: codeValue(e.details ?? '') });
    case 'InvalidParameterError':
      return msg('core.contracts:abiText.invalidParameter', { text: codeValue(e.details ?? '') });
  }
  return libraryWords(error, meta);
}

/** What abitype (or anything else) said, in its own words: English, shown as untrusted text. */
function libraryWords(error: unknown, meta: string): Message {
  const e = error as { shortMessage?: string; details?: string };
  const short = (e.shortMessage ?? (error instanceof Error ? error.message : String(error))).split('\n')[0] ?? '';
  const words = meta
    ? /[.?!]$/.test(meta)
      ? meta
      : `${meta}.`
    : e.details
      ? `${short.replace(/\.$/, '')}: ${e.details}.`
      : short;
  return msg('core.contracts:abiText.libraryWords', { text: untrustedValue(words, 'whole') });
}
