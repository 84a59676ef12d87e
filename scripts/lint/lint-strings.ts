// Lint step (part of npm run lint): no words in the UI's code (src/app, src/components, src/features): JSX text and the
// strings of attributes a person reads come from the catalogs (src/locales). Exits 1 on any,
// printing file:line and the text.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untranslatedStrings } from './untranslatedStrings.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function* tsxFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsxFiles(path);
    else if (entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name)) yield path;
  }
}

const problems: string[] = [];
let files = 0;
for (const dir of ['src/app', 'src/components', 'src/features']) {
  for (const file of tsxFiles(join(root, dir))) {
    files++;
    for (const { line, text } of untranslatedStrings(file, readFileSync(file, 'utf8'))) {
      problems.push(`${relative(root, file)}:${line}: "${text.slice(0, 70)}"`);
    }
  }
}
if (problems.length > 0) {
  console.error(`Words in code, not in a catalog (src/locales/README.md):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`strings: ${files} components take their words from the catalogs`);
