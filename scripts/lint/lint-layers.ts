// Lint step: enforces the import direction of src/ (see scripts/lint/layers.ts), core's and lib's
// tiers, at most LIB_ROOT_MOST_FILES files at lib's root, and no import loops (scripts/lint/tiers.ts). Exits 1 on any violation, printing file:line and the
// rule broken.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkImport, importsOf, literalQueryKeys, resolveSpecifier } from './layers.ts';
import { checkTier, importLoops, LIB_ROOT_MOST_FILES, resolveSource } from './tiers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** A relative or '@/' import that names no file (a source, a stylesheet, an asset, a folder's index). */
function namesMissingFile(fromFile: string, specifier: string): boolean {
  const base = resolveSpecifier(fromFile, specifier.split('?')[0] ?? specifier);
  if (base === undefined) return false;
  return !['', '.ts', '.tsx', '/index.ts'].some((end) => existsSync(join(root, base + end)));
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
/** A test, or a feature's own test helpers (`features/<name>/testing.tsx`: src/testing may not import features). */
const isTestOnly = (path: string) => isTest(path) || /^src\/features\/[^/]+\/testing\.tsx?$/.test(path);

const problems: string[] = [];
const sources = new Map<string, string>();
for (const file of sourceFiles(join(root, 'src')))
  sources.set(relative(root, file).split('\\').join('/'), readFileSync(file, 'utf8'));
const paths = new Set(sources.keys());
const graph = new Map<string, Set<string>>();
for (const [path, source] of sources) {
  const imported = new Set<string>();
  for (const { specifier, line } of importsOf(source)) {
    const target = resolveSource(path, specifier, paths);
    if (target === undefined && namesMissingFile(path, specifier))
      problems.push(`${path}:${line}: import '${specifier}': names no file of the repository`);
    const problem = checkImport(path, specifier) ?? (target ? checkTier(path, target) : undefined);
    if (problem) problems.push(`${path}:${line}: import '${specifier}': ${problem}`);
    if (target && isTestOnly(target) && !isTestOnly(path))
      problems.push(`${path}:${line}: import '${specifier}': shipped code never imports a test or test helpers`);
    if (target && target !== path) imported.add(target);
  }
  if (!isTest(path)) graph.set(path, imported);
  for (const line of literalQueryKeys(path, source)) {
    problems.push(`${path}:${line}: a literal queryKey array: build keys with a factory in src/lib/queries`);
  }
}

const libRoot = [...paths].filter((path) => /^src\/lib\/[^/]+\.tsx?$/.test(path) && !isTest(path));
if (libRoot.length > LIB_ROOT_MOST_FILES)
  problems.push(
    `src/lib's root holds ${libRoot.length} files, more than ${LIB_ROOT_MOST_FILES}: put each in the folder of its kind (${libRoot.join(', ')})`,
  );

for (const loop of importLoops(graph)) problems.push(`import loop between ${loop.length} files: ${loop.join(', ')}`);

if (problems.length > 0) {
  console.error(`Layer violations:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `layers: ${sources.size} files follow core ← lib ← features ← app, core's and lib's tiers, no import loops; chain reads and query keys in their homes`,
);
