// Compiles Cairn's message catalogs (src/locales/<locale>/<namespace>.json) as they are imported:
// each ICU message is checked and turned into Lingui's compiled form, so the page carries no
// message parser. Each becomes a module that JSON.parses its messages: a large object read as
// JSON starts faster than the same object as JavaScript (the start-up catalogs are ~130 KB).
import { basename, dirname, sep } from 'node:path';
import type { Plugin } from 'vite';
import { compileCatalog, parseCatalog } from '../generate/catalogs.ts';

const CATALOG = /[\\/]src[\\/]locales[\\/][a-zA-Z-]+[\\/][a-zA-Z.]+\.json$/;

export function catalogPlugin(): Plugin {
  return {
    name: 'cairn-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOG.test(file)) return null;
      const namespace = basename(file, '.json');
      const where = `${basename(dirname(file))}${sep}${namespace}.json`;
      try {
        const compiled = JSON.stringify(compileCatalog(parseCatalog(code, namespace, where), where));
        return { code: `export default JSON.parse(${JSON.stringify(compiled)});`, map: null, moduleType: 'js' };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
