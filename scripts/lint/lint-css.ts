// Lint step: stylesheets use the design tokens of src/app/tokens.css for every colour and pixel
// size (see scripts/lint/cssTokens.ts). Exits 1 on any stray value, printing file:line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strayDesignValues } from './cssTokens.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function* stylesheets(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* stylesheets(path);
    else if (entry.name.endsWith('.css')) yield path;
  }
}

const problems: string[] = [];
let files = 0;
for (const file of stylesheets(join(root, 'src'))) {
  files++;
  const path = relative(root, file).split('\\').join('/');
  for (const { line, what, text } of strayDesignValues(path, readFileSync(file, 'utf8'))) {
    problems.push(`${path}:${line}: ${what} (${text}): use a token from src/app/tokens.css`);
  }
}

if (problems.length > 0) {
  console.error(`Design values outside the tokens:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`css: ${files} stylesheets take every colour and pixel size from the design tokens`);
