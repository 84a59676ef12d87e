// Reads the hosting recipes in docs/hosting.md (nginx, Caddy, `_headers`) and works out the headers
// each would send for a path, so scripts/serve/hostingDocs.test.ts can hold them against what `npm start`'s
// server sends. Each reader knows only the part of its format the recipes use, and throws on the rest
// rather than guess: a recipe it cannot read fails the test instead of passing it.

/** Response headers by lower-case name. */
export type HeaderSet = Record<string, string>;

/** A recipe's answer: the headers it sends for a URL path (from "/", before any sub-path). */
export type Recipe = { headersFor(urlPath: string): HeaderSet };

/** The code block after each `<!-- recipe: NAME -->` line, by NAME. */
export function recipeBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of markdown.matchAll(/^<!-- recipe: (\S+) -->\n```[^\n]*\n([\s\S]*?)\n```$/gm)) {
    const [, name = '', body = ''] = match;
    if (blocks.has(name)) throw new Error(`two recipes named ${name}`);
    blocks.set(name, body);
  }
  return blocks;
}

// ---- nginx ----------------------------------------------------------------------------------------

type Directive = { name: string; args: string[]; block?: Directive[] };

function nginxTokens(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if ('{};'.includes(c)) tokens.push(text[i++] ?? '');
    else if (c === '"' || c === "'") {
      let word = '';
      for (i++; i < text.length && text[i] !== c; i++) {
        // nginx drops the backslash before a quote or a backslash and keeps every other one (\. \w).
        if (text[i] === '\\' && ['"', "'", '\\'].includes(text[i + 1] ?? '')) i++;
        word += text[i];
      }
      if (i >= text.length) throw new Error('nginx: unterminated string');
      tokens.push(`\u0000${word}`); // words start with \u0000: a quoted "{" or ";" is not punctuation
      i++;
    } else {
      let word = '';
      while (i < text.length && !/[\s{};]/.test(text[i] ?? '')) word += text[i++];
      tokens.push(`\u0000${word}`);
    }
  }
  return tokens;
}

function nginxDirectives(tokens: string[], at = { i: 0 }, nested = false): Directive[] {
  const directives: Directive[] = [];
  while (at.i < tokens.length) {
    if (tokens[at.i] === '}') {
      if (!nested) throw new Error('nginx: unexpected }');
      at.i++;
      return directives;
    }
    const words: string[] = [];
    while (at.i < tokens.length && !['{', '}', ';'].includes(tokens[at.i] ?? ''))
      words.push(tokens[at.i++]?.slice(1) ?? '');
    const [name, ...args] = words;
    const end = tokens[at.i++];
    if (name === undefined || (end !== ';' && end !== '{')) throw new Error('nginx: directive without ; or {');
    directives.push(end === '{' ? { name, args, block: nginxDirectives(tokens, at, true) } : { name, args });
  }
  if (nested) throw new Error('nginx: missing }');
  return directives;
}

type NginxMap = { exact: Map<string, string>; regexes: [RegExp, string][]; fallback: string };

function nginxMap(directive: Directive): [string, NginxMap] {
  const [source, variable] = directive.args;
  if (source !== '$uri' || !variable?.startsWith('$') || !directive.block)
    throw new Error(`nginx: only "map $uri $name { ... }" is read, not map ${directive.args.join(' ')}`);
  const map: NginxMap = { exact: new Map(), regexes: [], fallback: '' };
  for (const { name: key, args, block } of directive.block) {
    const [value] = args;
    if (block || args.length !== 1 || value === undefined) throw new Error(`nginx: map ${variable}: bad entry ${key}`);
    if (key === 'default') map.fallback = value;
    else if (['hostnames', 'volatile', 'include'].includes(key)) throw new Error(`nginx: map ${key} is not read`);
    else if (key.startsWith('~*')) map.regexes.push([new RegExp(key.slice(2), 'i'), value]);
    else if (key.startsWith('~')) map.regexes.push([new RegExp(key.slice(1)), value]);
    else map.exact.set(key.replace(/^\\/, ''), value);
  }
  return [variable.slice(1), map];
}

function lookUp(map: NginxMap, uri: string): string {
  return map.exact.get(uri) ?? map.regexes.find(([regex]) => regex.test(uri))?.[1] ?? map.fallback;
}

/**
 * An nginx recipe: `map $uri` blocks and one server whose `add_header`s all stand at server level
 * (a location with an add_header of its own would drop them all) and all say `always`.
 */
export function nginxRecipe(text: string): Recipe {
  const top = nginxDirectives(nginxTokens(text));
  const maps = new Map(top.filter((d) => d.name === 'map').map(nginxMap));
  const servers = top.filter((d) => d.name === 'server');
  const server = servers[0]?.block;
  if (servers.length !== 1 || !server) throw new Error('nginx: expected one server block');
  const nestedAddHeader = (directives: Directive[]): boolean =>
    directives.some(
      (d) => d.block && (d.block.some((inner) => inner.name === 'add_header') || nestedAddHeader(d.block)),
    );
  if (nestedAddHeader(server)) throw new Error('nginx: add_header inside a block drops the server-level ones');

  const addHeaders = server.filter((d) => d.name === 'add_header');
  for (const { args } of addHeaders)
    if (args.length !== 3 || args[2] !== 'always')
      throw new Error(`nginx: add_header ${args[0]} needs a value and always`);
  const index = server.find((d) => d.name === 'index')?.args[0] ?? 'index.html';
  const types = new Map<string, string>();
  for (const { name, args } of server.find((d) => d.name === 'types')?.block ?? [])
    for (const extension of args) types.set(extension, name);

  return {
    headersFor(urlPath) {
      const uri = urlPath.endsWith('/') ? urlPath + index : urlPath; // the index module's internal redirect
      const headers: HeaderSet = {};
      for (const { args } of addHeaders) {
        const [name = '', raw = ''] = args;
        const variable = /^\$(\w+)$/.exec(raw)?.[1];
        if (variable === undefined && raw.includes('$'))
          throw new Error(`nginx: ${name}: only a whole $variable is read`);
        const map = variable === undefined ? undefined : maps.get(variable);
        if (variable !== undefined && !map) throw new Error(`nginx: ${name}: no map sets $${variable}`);
        const value = map ? lookUp(map, uri) : raw;
        if (value !== '') headers[name.toLowerCase()] = value; // nginx sends no header for an empty value
      }
      const type = types.get(/\.([^./]+)$/.exec(uri)?.[1] ?? '');
      if (type) headers['content-type'] = type;
      return headers;
    },
  };
}

// ---- Caddy ----------------------------------------------------------------------------------------

type CaddyLine = { tokens: string[]; block?: CaddyLine[] };

function caddyTokens(line: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i] ?? '';
    if (/\s/.test(c)) i++;
    else if (c === '#') break;
    else if (c === '"' || c === '`') {
      let word = '';
      for (i++; i < line.length && line[i] !== c; i++) {
        if (c === '"' && line[i] === '\\' && line[i + 1] === '"') i++;
        word += line[i];
      }
      if (i >= line.length) throw new Error('Caddy: unterminated string');
      tokens.push(word);
      i++;
    } else {
      let word = '';
      while (i < line.length && !/\s/.test(line[i] ?? '')) word += line[i++];
      tokens.push(word);
    }
  }
  return tokens;
}

function caddyLines(lines: string[][], at = { i: 0 }, nested = false): CaddyLine[] {
  const out: CaddyLine[] = [];
  while (at.i < lines.length) {
    const tokens = lines[at.i++] ?? [];
    if (tokens.length === 1 && tokens[0] === '}') {
      if (!nested) throw new Error('Caddy: unexpected }');
      return out;
    }
    if (tokens.at(-1) === '{') out.push({ tokens: tokens.slice(0, -1), block: caddyLines(lines, at, true) });
    else out.push({ tokens });
  }
  if (nested) throw new Error('Caddy: missing }');
  return out;
}

/** Caddy's path matcher: exact, /prefix/*, *.suffix, *substring* or a glob; case-insensitive. */
function caddyPath(pattern: string): (path: string) => boolean {
  const p = pattern.toLowerCase();
  const stars = p.split('*').length - 1;
  if (stars === 0) return (path) => path.toLowerCase() === p;
  if (stars === 1 && p.endsWith('*')) return (path) => path.toLowerCase().startsWith(p.slice(0, -1));
  if (stars === 1 && p.startsWith('*')) return (path) => path.toLowerCase().endsWith(p.slice(1));
  if (stars === 2 && p.startsWith('*') && p.endsWith('*')) return (path) => path.toLowerCase().includes(p.slice(1, -1));
  const glob = new RegExp(`^${p.split('*').map(escapeRegExp).join('[^/]*')}$`);
  return (path) => glob.test(path.toLowerCase());
}

function caddyMatcher(tokens: string[]): (path: string) => boolean {
  const [kind, ...args] = tokens;
  if (kind === 'not') {
    const inner = caddyMatcher(args);
    return (path) => !inner(path);
  }
  if (kind === 'path' && args.length > 0) {
    const patterns = args.map(caddyPath);
    return (path) => patterns.some((matches) => matches(path));
  }
  if (kind === 'path_regexp' && (args.length === 1 || args.length === 2)) {
    const regex = new RegExp(args.at(-1) ?? '');
    return (path) => regex.test(path);
  }
  throw new Error(`Caddy: matcher ${tokens.join(' ')} is not read`);
}

/**
 * A Caddy recipe: one site block whose `header` directives set plain fields, each under no matcher,
 * a named matcher (`path`, `path_regexp`, `not ...`) or a path. No field may be set twice for one
 * path: which would win depends on the order Caddy sorts the directives in.
 */
export function caddyRecipe(text: string): Recipe {
  const top = caddyLines(
    text
      .split('\n')
      .map(caddyTokens)
      .filter((tokens) => tokens.length > 0),
  );
  const sites = top.filter((line) => line.block && line.tokens.length > 0);
  const site = sites[0]?.block;
  if (sites.length !== 1 || !site || top.length !== 1) throw new Error('Caddy: expected one site block');

  const matchers = new Map<string, (path: string) => boolean>();
  const rules: { matches: (path: string) => boolean; fields: [string, string][] }[] = [];
  for (const { tokens, block } of site) {
    const [directive = '', ...args] = tokens;
    if (directive.startsWith('@')) {
      const parts = block ? block.map((line) => caddyMatcher(line.tokens)) : [caddyMatcher(args)];
      matchers.set(directive, (path) => parts.every((matches) => matches(path)));
    } else if (directive === 'header') {
      let matches: (path: string) => boolean = () => true;
      const [first = ''] = args;
      if (first.startsWith('@')) {
        const named = matchers.get(first);
        if (!named) throw new Error(`Caddy: ${first} is used before it is defined`);
        matches = named;
        args.shift();
      } else if (first.startsWith('/') || first === '*') {
        matches = first === '*' ? () => true : caddyPath(first);
        args.shift();
      }
      const lines = block ? block.map((line) => line.tokens) : [args];
      const fields = lines.map((line): [string, string] => {
        const [field = '', value, ...rest] = line;
        if (value === undefined || rest.length > 0 || /^[-+?>]/.test(field))
          throw new Error(`Caddy: header ${line.join(' ')} is not a plain "Field value"`);
        return [field.toLowerCase(), value];
      });
      rules.push({ matches, fields });
    } else if (['route', 'handle', 'handle_path', 'import'].includes(directive)) {
      throw new Error(`Caddy: ${directive} is not read`);
    }
  }

  return {
    headersFor(urlPath) {
      const headers: HeaderSet = {};
      for (const { matches, fields } of rules) {
        if (!matches(urlPath)) continue;
        for (const [field, value] of fields) {
          if (field in headers) throw new Error(`Caddy: two header directives set ${field} for ${urlPath}`);
          headers[field] = value;
        }
      }
      return headers;
    },
  };
}

// ---- _headers -------------------------------------------------------------------------------------

type HeadersRule = { path: string; unset: string[]; set: [string, string][] };

function headersRules(text: string): HeadersRule[] {
  const rules: HeadersRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      if (!line.startsWith('/')) throw new Error(`_headers: expected a path, got ${line}`);
      rules.push({ path: line, unset: [], set: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error('_headers: a header before the first path');
    if (line.startsWith('! ')) rule.unset.push(line.slice(2).trim().toLowerCase());
    else {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (colon < 1 || name.includes(' ') || value === '') throw new Error(`_headers: bad header line ${line}`);
      const same = rule.set.find(([n]) => n === name);
      if (same) same[1] = `${same[1]}, ${value}`;
      else rule.set.push([name, value]);
    }
  }
  return rules;
}

function escapeRegExp(text: string): string {
  return text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
}

/** Cloudflare's path pattern: one `*` (any characters) and `:name` placeholders (up to a /). */
function cloudflarePattern(path: string): RegExp {
  if (path.split('*').length > 2) throw new Error(`_headers: Cloudflare skips ${path} (more than one *)`);
  const pattern = path
    .split('*')
    .map(escapeRegExp)
    .join('.*')
    .replace(/:[A-Za-z]\w*/g, '[^/]+');
  return new RegExp(`^${pattern}$`);
}

/** Netlify's path pattern (@netlify/headers-parser's getForRegExp). */
function netlifyPattern(path: string): RegExp {
  const parts = path
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      if (part.includes('*')) return part.replaceAll('*', '(.*)');
      return escapeRegExp(part);
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

/** What Cloudflare Pages puts on every static file before the `_headers` rules apply (its asset server's attachHeaders). */
export const CLOUDFLARE_PAGES_DEFAULTS: HeaderSet = {
  'access-control-allow-origin': '*',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
};

/**
 * A `_headers` file as Cloudflare Pages applies it (every matching rule in order: `! Name` removes,
 * a name set by an earlier rule gets the value appended after a comma), or as Netlify's parser and
 * `netlify dev` do (no `! Name` lines; the last matching rule's value wins).
 */
export function headersFileRecipe(text: string, host: 'cloudflare' | 'netlify'): Recipe {
  const rules = headersRules(text).map((rule) => ({
    ...rule,
    pattern: host === 'cloudflare' ? cloudflarePattern(rule.path) : netlifyPattern(rule.path),
  }));
  return {
    headersFor(urlPath) {
      const headers: HeaderSet = host === 'cloudflare' ? { ...CLOUDFLARE_PAGES_DEFAULTS } : {};
      const setByRules = new Set<string>();
      for (const { pattern, unset, set } of rules) {
        if (!pattern.test(urlPath)) continue;
        if (host === 'cloudflare') for (const name of unset) delete headers[name];
        for (const [name, value] of set) {
          const earlier = headers[name];
          headers[name] = host === 'cloudflare' && setByRules.has(name) && earlier ? `${earlier}, ${value}` : value;
          setByRules.add(name);
        }
      }
      return headers;
    },
  };
}
