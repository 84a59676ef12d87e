// A message's words as a page shows them in a given language, read from Cairn's catalogs, so specs
// select by the accessible names of German, Spanish or pseudo-locale pages as they do in English,
// and tests compare what the runtime says with the catalogs' source.
// Only for messages without values: a sentence with values is checked against the page's own text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlainMessageId } from '../core/i18n/message.ts';
import { pseudoMessage } from '../lib/i18n/pseudo.ts';

const localesDir = join(import.meta.dirname, '..', 'locales');

export type CatalogLocale = 'en' | 'de' | 'es';

const catalogs = new Map<string, Record<string, string>>();

function catalog(locale: CatalogLocale, namespace: string): Record<string, string> {
  const key = `${locale}/${namespace}`;
  let found = catalogs.get(key);
  if (!found) {
    found = JSON.parse(readFileSync(join(localesDir, locale, `${namespace}.json`), 'utf8')) as Record<string, string>;
    catalogs.set(key, found);
  }
  return found;
}

/** The words of `id` in `locale`, as the page shows them. */
export function words(locale: CatalogLocale, id: PlainMessageId): string {
  const text = catalog(locale, id.slice(0, id.indexOf(':')))[id];
  if (text === undefined) throw new Error(`no message ${id} in ${locale}`);
  if (/[{}<]/.test(text)) throw new Error(`${id} has values or tags: check the page's own text instead`);
  // ICU's escape: '' is one apostrophe (Cairn writes ’, so this is rare).
  return text.replace(/''/g, "'");
}

/** The words of `id` in the pseudo-locale (en-XA): accented English in ⟦ ⟧. */
export function pseudoWords(id: PlainMessageId): string {
  return pseudoMessage(words('en', id)) as string;
}
