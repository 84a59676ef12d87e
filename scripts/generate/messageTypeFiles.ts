import { join } from 'node:path';
import { messageTypes, namespacesIn, readCatalog, SOURCE_LOCALE } from './catalogs.ts';

/** The generated type file of every English catalog, by file name (see generate-messages.ts). */
export function expectedTypeFiles(root: string): Map<string, string> {
  const localesDir = join(root, 'src/locales');
  const files = new Map<string, string>();
  for (const namespace of namespacesIn(localesDir, SOURCE_LOCALE)) {
    const catalog = readCatalog(localesDir, SOURCE_LOCALE, namespace);
    files.set(`${namespace}.generated.ts`, messageTypes(namespace, catalog, `${SOURCE_LOCALE}/${namespace}.json`));
  }
  return files;
}
