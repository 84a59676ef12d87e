// Every catalog says everything English says, with the same arguments and tags, in messages that
// parse, and the generated message types match the English catalogs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_LOCALES,
  compileCatalog,
  describeShape,
  namespacesIn,
  pluralCases,
  readCatalog,
  SOURCE_LOCALE,
  shapeOf,
} from '../../scripts/generate/catalogs';
import { expectedTypeFiles } from '../../scripts/generate/messageTypeFiles';
import { sameAsEnglish } from './sameAsEnglish';

const root = fileURLToPath(new URL('../..', import.meta.url));
const localesDir = join(root, 'src/locales');
const namespaces = namespacesIn(localesDir, SOURCE_LOCALE);
const english = new Map(namespaces.map((ns) => [ns, readCatalog(localesDir, SOURCE_LOCALE, ns)]));
const translations = CATALOG_LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

/** Plural keys a language may use: its CLDR categories, and exact matches (=0). */
function pluralProblems(message: string, locale: string, where: string): string[] {
  return pluralCases(message, where).flatMap(({ arg, ordinal, keys }) => {
    const categories: readonly string[] = new Intl.PluralRules(locale, {
      type: ordinal ? 'ordinal' : 'cardinal',
    }).resolvedOptions().pluralCategories;
    return keys
      .filter((key) => !key.startsWith('=') && !categories.includes(key))
      .map((key) => `${where}: {${arg}} case "${key}" is not one of ${locale}'s (${categories.join(', ')})`);
  });
}

describe('message catalogs', () => {
  it('English catalogs parse, compile and name their ids after their namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const [ns, catalog] of english) {
      expect(() => compileCatalog(catalog, `en/${ns}.json`)).not.toThrow();
      for (const id of Object.keys(catalog)) expect(id.startsWith(`${ns}:`)).toBe(true);
    }
  });

  for (const locale of translations) {
    describe(locale, () => {
      it('has exactly the namespaces English has', () => {
        expect(namespacesIn(localesDir, locale)).toEqual(namespaces);
      });

      it('has every English id and no other, each with the same arguments and tags', () => {
        const problems: string[] = [];
        for (const [ns, source] of english) {
          const catalog = readCatalog(localesDir, locale, ns);
          for (const id of Object.keys(source)) if (!(id in catalog)) problems.push(`${locale}/${ns}.json lacks ${id}`);
          for (const id of Object.keys(catalog))
            if (!(id in source)) problems.push(`${locale}/${ns}.json has ${id}, which English does not`);
          for (const [id, message] of Object.entries(catalog)) {
            const sourceMessage = source[id];
            if (sourceMessage === undefined) continue;
            const want = describeShape(shapeOf(sourceMessage, `en ${id}`));
            const got = describeShape(shapeOf(message, `${locale} ${id}`));
            if (want !== got) problems.push(`${locale} ${id}: takes ${got}, English takes ${want}`);
          }
        }
        expect(problems).toEqual([]);
      });

      it('uses only plural categories the language has', () => {
        const problems = [...english.keys()].flatMap((ns) =>
          Object.entries(readCatalog(localesDir, locale, ns)).flatMap(([id, message]) =>
            pluralProblems(message, locale, id),
          ),
        );
        expect(problems).toEqual([]);
      });

      it('translates every message (the same words as English only where listed as meant)', () => {
        const allowed = sameAsEnglish[locale] ?? new Set<string>();
        const untranslated = [...english].flatMap(([ns, source]) => {
          const catalog = readCatalog(localesDir, locale, ns);
          return Object.keys(source).filter((id) => catalog[id] === source[id] && !allowed.has(id));
        });
        expect(untranslated).toEqual([]);
      });
    });
  }

  it('English plurals use only English categories', () => {
    const problems = [...english].flatMap(([, catalog]) =>
      Object.entries(catalog).flatMap(([id, message]) => pluralProblems(message, 'en', id)),
    );
    expect(problems).toEqual([]);
  });

  it('the generated message types are those of the English catalogs (npm run generate:messages)', () => {
    const typesDir = join(root, 'src/core/i18n/catalogTypes');
    const expected = expectedTypeFiles(root);
    expect(readdirSync(typesDir).sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) {
      expect(readFileSync(join(typesDir, name), 'utf8'), name).toBe(text);
    }
  });
});
