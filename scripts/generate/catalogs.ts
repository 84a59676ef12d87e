// Cairn's message catalogs, read and checked: src/locales/<locale>/<namespace>.json, each a flat
// object of ICU MessageFormat strings keyed as "<namespace>:<key>". English is the source; the
// others translate it. Used by the Vite plugin that compiles catalogs into the build, by the
// generator of message types, and by the tests that hold every catalog to the English one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';

export const SOURCE_LOCALE = 'en';
/** The locales Cairn ships, English first. */
export const CATALOG_LOCALES = ['en', 'de', 'es'] as const;

export type Catalog = Readonly<Record<string, string>>;

/** What a message takes: each argument and how it is used, and the numbered tags (`<0>…</0>`) it holds. */
export type MessageShape = { args: ReadonlyMap<string, ArgumentUse>; tags: readonly string[] };
export type ArgumentUse = 'value' | 'plural' | 'selectordinal' | 'select' | 'number' | 'date' | 'time';

const NAMESPACE = /^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)?$/;
const KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)*$/;

/** The namespaces of a locale's folder, by file name. */
export function namespacesIn(localesDir: string, locale: string): string[] {
  return readdirSync(join(localesDir, locale))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** Reads and checks one catalog file: namespace name, ids under it, strings only. */
export function readCatalog(localesDir: string, locale: string, namespace: string): Catalog {
  const file = join(localesDir, locale, `${namespace}.json`);
  return parseCatalog(readFileSync(file, 'utf8'), namespace, file);
}

/** Checks a catalog's text: a flat object of strings whose keys are "<namespace>:<key>". */
export function parseCatalog(text: string, namespace: string, where: string): Catalog {
  if (!NAMESPACE.test(namespace))
    throw new Error(`${where}: "${namespace}" is not a namespace name (letters, one dot at most)`);
  const json: unknown = JSON.parse(text);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`${where}: not a JSON object`);
  for (const [id, value] of Object.entries(json)) {
    const [ns, key, ...rest] = id.split(':');
    if (ns !== namespace || key === undefined || rest.length > 0 || !KEY.test(key)) {
      throw new Error(`${where}: "${id}" is not an id of this catalog ("${namespace}:key.parts")`);
    }
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}: "${id}" is not a sentence`);
  }
  return json as Catalog;
}

function collect(tokens: readonly Token[], args: Map<string, ArgumentUse>, where: string): void {
  const use = (name: string, given: ArgumentUse) => {
    // A date may show as a date and a time in one message: both take the same value.
    const how = given === 'time' ? 'date' : given;
    const before = args.get(name);
    if (before !== undefined && before !== how)
      throw new Error(`${where}: {${name}} is used both as ${before} and ${how}`);
    args.set(name, how);
  };
  for (const token of tokens) {
    if (token.type === 'argument') use(token.arg, 'value');
    else if (token.type === 'function') {
      if (token.key !== 'number' && token.key !== 'date' && token.key !== 'time') {
        throw new Error(`${where}: {${token.arg}, ${token.key}} is not a format Cairn uses (number, date, time)`);
      }
      use(token.arg, token.key);
    } else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      use(token.arg, token.type);
      if (!token.cases.some((c) => c.key === 'other'))
        throw new Error(`${where}: {${token.arg}, ${token.type}} has no "other" case`);
      for (const c of token.cases) collect(c.tokens, args, where);
    }
  }
}

function tagsOf(tokens: readonly Token[], into: Set<string>): void {
  for (const token of tokens) {
    if (token.type === 'content')
      for (const m of token.value.matchAll(/<(\/?)(\d+)(\/?)>/g)) into.add(`<${m[1]}${m[2]}${m[3]}>`);
    else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      for (const c of token.cases) tagsOf(c.tokens, into);
    }
  }
}

/** Parses a message strictly (a syntax error throws, naming where) and returns what it takes. */
export function shapeOf(message: string, where: string): MessageShape {
  let tokens: Token[];
  try {
    tokens = parse(message);
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  }
  const args = new Map<string, ArgumentUse>();
  collect(tokens, args, where);
  const tags = new Set<string>();
  tagsOf(tokens, tags);
  return { args, tags: [...tags].sort() };
}

/** The case keys of every plural and selectordinal in a message ("one", "other", "=0"). */
export function pluralCases(message: string, where: string): { arg: string; ordinal: boolean; keys: string[] }[] {
  const found: { arg: string; ordinal: boolean; keys: string[] }[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'plural' || token.type === 'selectordinal' || token.type === 'select') {
        if (token.type !== 'select') {
          found.push({ arg: token.arg, ordinal: token.type === 'selectordinal', keys: token.cases.map((c) => c.key) });
        }
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  try {
    walk(parse(message));
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  }
  return found;
}

/** The case keys of each `select` argument of a message, except `other` (every select's fallback). */
export function selectCases(message: string, where: string): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type !== 'plural' && token.type !== 'selectordinal' && token.type !== 'select') continue;
      if (token.type === 'select') {
        const keys = found.get(token.arg) ?? new Set<string>();
        for (const c of token.cases) if (c.key !== 'other') keys.add(c.key);
        found.set(token.arg, keys);
      }
      for (const c of token.cases) walk(c.tokens);
    }
  };
  try {
    walk(parse(message));
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  }
  return new Map([...found].map(([arg, keys]) => [arg, [...keys].sort()]));
}

/**
 * A select argument's type: its case keys, offered (and checked for spelling where a caller
 * writes one out) by the editor, or any other string, which falls to `other` — callers pass the
 * keys that `other` stands for ("privateKey", "priorityFee"…) as well.
 */
function selectType(keys: readonly string[]): string {
  return [...keys.map((key) => JSON.stringify(key)), '(string & {})'].join(' | ');
}

/** The shape as one comparable line, e.g. "{count: plural, name: value} <0></0>". */
export function describeShape(shape: MessageShape): string {
  const args = [...shape.args].sort(([a], [b]) => a.localeCompare(b)).map(([name, use]) => `${name}: ${use}`);
  return `{${args.join(', ')}}${shape.tags.length > 0 ? ` ${shape.tags.join('')}` : ''}`;
}

/** The catalog in the form the runtime reads (Lingui's compiled messages), each message checked first. */
export function compileCatalog(catalog: Catalog, where: string): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(catalog)) {
    shapeOf(message, `${where} ${id}`);
    const out = compileMessage(message);
    compiled[id] = out.length === 1 && typeof out[0] === 'string' ? out[0] : out;
  }
  return compiled;
}

const TYPES: Record<ArgumentUse, string> = {
  value: 'MessageValue',
  plural: 'number',
  selectordinal: 'number',
  select: 'string', // narrowed to the message's case keys by selectType
  number: 'number | bigint',
  date: 'Date | number',
  time: 'Date | number',
};

/** TypeScript declaring a namespace's ids and the values each takes (see src/core/i18n/message.ts). */
export function messageTypes(namespace: string, catalog: Catalog, where: string): string {
  const lines = Object.entries(catalog)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, message]) => {
      const { args } = shapeOf(message, `${where} ${id}`);
      const cases = selectCases(message, `${where} ${id}`);
      const values = [...args]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(
          ([name, use]) =>
            `${JSON.stringify(name)}: ${use === 'select' ? selectType(cases.get(name) ?? []) : TYPES[use]}`,
        );
      return `    ${JSON.stringify(id)}: ${values.length === 0 ? 'undefined' : `{ ${values.join('; ')} }`};`;
    });
  const usesValue = lines.some((line) => line.includes('MessageValue'));
  return [
    `// Generated by \`npm run generate:messages\` from src/locales/en/${namespace}.json: do not edit.`,
    usesValue ? "import type { MessageValue } from '../message';" : 'export {};',
    '',
    "declare module '../message' {",
    '  interface MessageNamespaces {',
    `    ${JSON.stringify(namespace)}: true;`,
    '  }',
    '  interface MessageCatalog {',
    ...lines,
    '  }',
    '}',
    '',
  ].join('\n');
}
