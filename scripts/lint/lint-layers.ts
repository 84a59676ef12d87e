// Lint step: enforces the import direction of src/ (see scripts/lint/layers.ts). Exits 1 on any
// violation, printing file:line and the rule broken.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkImport, importsOf, literalQueryKeys } from './layers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

const problems: string[] = [];
let files = 0;
for (const file of sourceFiles(join(root, 'src'))) {
  files++;
  const path = relative(root, file).split('\\').join('/');
  const source = readFileSync(file, 'utf8');
  for (const { specifier, line } of importsOf(source)) {
    const problem = checkImport(path, specifier);
    if (problem) problems.push(`${path}:${line}: import '${specifier}': ${problem}`);
  }
  for (const line of literalQueryKeys(path, source)) {
    problems.push(`${path}:${line}: a literal queryKey array: build keys with a factory in src/lib/queries`);
  }
}

if (problems.length > 0) {
  console.error(`Layer violations:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`layers: ${files} files follow core ← lib ← features ← app; chain reads and query keys in their homes`);
