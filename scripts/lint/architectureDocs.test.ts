// docs/architecture.md is where a newcomer finds each folder: every folder of src/ and of src/core/
// must be named there, and every core folder must sit in a tier. A folder added without a line in
// the guide fails here, and so does a line for a core folder, or a path, that no longer exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_TIERS, LIB_TIERS } from './tiers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** The folders directly in `dir` that hold at least one file (an empty one left by a move is not there for git). */
function folders(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) =>
      readdirSync(join(root, dir, name), { recursive: true, withFileTypes: true }).some((entry) => entry.isFile()),
    )
    .sort();
}

/** The cells of the table rows that start with `| <first cell> |`. */
function rows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, line.lastIndexOf('|'))
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** Core folders in the tiers table: the rows whose first cell is a tier's name. */
const TIERS = ['base', 'chain', 'domain', 'store', 'session'];
const tiered = new Map(
  rows(doc)
    .filter(([tier]) => tier !== undefined && TIERS.includes(tier))
    .flatMap(([tier, names]) => (names ?? '').split(',').map((name) => [name.trim(), tier] as const)),
);

/** Core folders in the map: rows whose first cell is `name/`. */
const mapped = rows(doc)
  .map(([first]) => /^`([A-Za-z0-9]+)\/`$/.exec(first ?? '')?.[1])
  .filter((name): name is string => name !== undefined);

describe('docs/architecture.md', () => {
  it('names every folder of src/', () => {
    const missing = folders('src').filter((name) => !doc.includes(`\`src/${name}/\``));
    expect(missing, 'folders of src/ with no `src/<name>/` in docs/architecture.md').toEqual([]);
  });

  it('names every folder of src/core/ in its map and in a tier', () => {
    const core = folders('src/core');
    expect(core.length).toBeGreaterThan(20);
    expect(
      core.filter((name) => !mapped.includes(name)),
      'core folders with no `<name>/` row in the map',
    ).toEqual([]);
    expect(
      core.filter((name) => !tiered.has(name)),
      'core folders in no tier',
    ).toEqual([]);
  });

  it("gives core's tiers and their order as the layer lint keeps them", () => {
    const documented = TIERS.map((tier) => ({
      tier,
      folders: [...tiered].filter(([, t]) => t === tier).map(([f]) => f),
    }));
    expect(documented).toEqual(CORE_TIERS.map(({ tier, folders: inTier }) => ({ tier, folders: [...inTier] })));
  });

  it('gives every folder of src/lib/ with its tier, as the layer lint keeps them', () => {
    const documented = rows(doc)
      .map(([first, tier]) => [/^`lib\/([A-Za-z0-9]+)\/`$/.exec(first ?? '')?.[1], tier] as const)
      .filter((row): row is readonly [string, string] => row[0] !== undefined);
    const kept = LIB_TIERS.flatMap(({ tier, folders: inTier }) => inTier.map((folder) => [folder, tier] as const));
    expect(documented).toEqual(kept);
    expect(folders('src/lib')).toEqual(kept.map(([folder]) => folder).sort());
  });

  it('maps no core folder that does not exist', () => {
    const core = folders('src/core');
    expect(mapped.filter((name) => !core.includes(name))).toEqual([]);
  });

  it('names no file or folder that does not exist', () => {
    // Paths in code spans from the repository's root, or from src/ ("core/chain/nodeErrors.ts").
    const paths = [...doc.matchAll(/`((?:src|scripts|docs|e2e|bench|devchain|examples|core|lib|features)\/[\w./-]*)`/g)]
      .map(([, path]) => path ?? '')
      .map((path) => (/^(core|lib|features)\//.test(path) ? `src/${path}` : path));
    expect(paths.length).toBeGreaterThan(30);
    expect(
      [...new Set(paths)].filter((path) => !existsSync(join(root, path))),
      'paths docs/architecture.md names that are not in the repository: update the guide',
    ).toEqual([]);
  });
});
