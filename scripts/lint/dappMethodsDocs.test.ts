// docs/dapp-methods.md tells dApp developers which methods Cairn offers, where each is answered,
// how each stands to the site's network (pinned, sends, refreshed) and which errors they can meet.
// This holds its method table and its error table against the one method table in the code
// (src/core/dapp/methodTable.ts), so that neither changes alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_METHODS, type KnownMethod, METHOD_TABLE, type MethodWhere } from '../../src/core/dapp/methodTable.ts';
import { PROVIDER_ERROR_CODES } from '../../src/core/dapp/providerErrors.ts';

const DOC = 'docs/dapp-methods.md';
const doc = readFileSync(new URL(`../../${DOC}`, import.meta.url), 'utf8');

/** The rows of the table under the `## <title>` heading, each as its cells. */
function tableRows(title: string): string[][] {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`${DOC} has no "## ${title}" section`);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The column "answered where", in the docs' words. */
const WHERE_WORDS: Record<string, MethodWhere> = {
  'Cairn window': 'window',
  'no window': 'connector',
  'the read node': 'node',
  'refused (4200)': 'refused',
};

/** What a method's row says in its column "chain": the words the docs explain above the table. */
type ChainWords = { pinned: boolean; sends: boolean; refreshed: boolean };

/** The column "chain" as the code's table has it. */
const chainWordsOf = (method: KnownMethod): ChainWords => {
  const { pinned, sends, refresh } = METHOD_TABLE[method];
  return { pinned, sends, refreshed: refresh !== undefined };
};

/** Each method the docs' table names, with where it says the method is answered and its chain words. */
function documented(): [string, MethodWhere | string, ChainWords][] {
  return tableRows('Methods').flatMap(([methods = '', where = '', chain = '']) => {
    const words = chain.split(',').map((word) => word.trim());
    const known = new Set(['', 'pinned', 'sends', 'refreshed']);
    for (const word of words) if (!known.has(word)) throw new Error(`${DOC}: "${word}" is no word of the column chain`);
    const says = {
      pinned: words.includes('pinned'),
      sends: words.includes('sends'),
      refreshed: words.includes('refreshed'),
    };
    return [...methods.matchAll(/`([A-Za-z][A-Za-z0-9_]*)`/g)].map(
      ([, method]) =>
        [method as string, WHERE_WORDS[where] ?? where, says] as [string, MethodWhere | string, ChainWords],
    );
  });
}

describe(`the method table of ${DOC}`, () => {
  it('names every method of the code’s table once, and no other', () => {
    const named = documented().map(([method]) => method);
    expect([...named].sort()).toEqual([...KNOWN_METHODS].sort());
  });

  it('says where each is answered as the code’s table does', () => {
    for (const [method, where] of documented())
      expect(where, method).toBe(METHOD_TABLE[method as keyof typeof METHOD_TABLE].where);
  });

  it('says of each whether it is pinned, sends and is refreshed, as the code’s table does', () => {
    for (const [method, , says] of documented()) expect(says, method).toEqual(chainWordsOf(method as KnownMethod));
  });

  it('explains each word of the column chain', () => {
    const methods = doc.slice(doc.indexOf('\n## Methods\n'), doc.indexOf('\n| method |'));
    for (const word of ['pinned', 'sends', 'refreshed']) expect(methods, word).toContain(`- **${word}**: `);
  });

  it('ends with the row for anything else: refused', () => {
    expect(tableRows('Methods').at(-1)?.slice(0, 2)).toEqual(['anything else', 'refused (4200)']);
  });

  it('has every error code a method can end with in its error table, and only codes Cairn sends', () => {
    const codes = tableRows('Errors').map(([code]) => Number(code));
    for (const method of KNOWN_METHODS)
      for (const code of METHOD_TABLE[method].errors) expect(codes, `${method}: ${code}`).toContain(code);
    expect([...codes].sort()).toEqual(Object.values(PROVIDER_ERROR_CODES).sort());
  });
});
