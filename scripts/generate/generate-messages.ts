// `npm run generate:messages`: writes src/core/i18n/catalogTypes/<namespace>.generated.ts from each
// English catalog, declaring its message ids and the values each takes, and removes the files of
// catalogs that are gone. src/locales/catalogs.test.ts fails while they are out of date.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedTypeFiles } from './messageTypeFiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const typesDir = join(root, 'src/core/i18n/catalogTypes');
const files = expectedTypeFiles(root);

if (!existsSync(typesDir)) mkdirSync(typesDir, { recursive: true });
for (const name of readdirSync(typesDir)) if (!files.has(name)) rmSync(join(typesDir, name));
for (const [name, text] of files) writeFileSync(join(typesDir, name), text);
console.log(`message types: ${files.size} catalogs`);
