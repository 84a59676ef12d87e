// Vite is moving to loading its config natively (Node's own module loader), which resolves a
// relative import only with its file extension. Every module vite.config.ts reaches, through
// scripts/ and src/core, names its relative value imports with their extension, so the config loads
// either way and without Vite's warning about it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** An import or export with a value (type-only ones are erased before Node resolves anything). */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/g;

/** Relative imports without an extension, as "file: specifier", in every module `entry` reaches. */
function extensionlessImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!specifier?.startsWith('.')) continue;
      const target = join(dirname(file), specifier);
      if (!/\.(ts|tsx|js|mjs|json)$/.test(specifier)) found.push(`${relative(root, file)}: ${specifier}`);
      else if (existsSync(target) && /\.tsx?$/.test(target)) visit(target);
    }
  };
  visit(entry);
  return found;
}

it('reaches no relative import without its extension from vite.config.ts', () => {
  expect(extensionlessImports(join(root, 'vite.config.ts'))).toEqual([]);
});
