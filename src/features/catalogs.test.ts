// Each feature declares, beside its screens (./<feature>/catalogs.ts), the catalogs each part the
// app shows needs, and the app loads those with the part's code. This checks the declarations
// against the code: every message a part can show (in its own files, its feature's files it
// imports, and the shared components they use) is in a catalog it declares or one every page
// loads at start (the shell's `common`, and core's).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogs } from '@/lib/i18n';

const src = join(import.meta.dirname, '..');
const featuresDir = import.meta.dirname;
const NAMESPACES = readdirSync(join(src, 'locales', 'en')).map((file) => file.replace(/\.json$/, ''));
const loadedAtStart = (namespace: string) => namespace === 'common' || namespace.startsWith('core.');

const features = readdirSync(featuresDir).filter((name) => statSync(join(featuresDir, name)).isDirectory());
const declarations = import.meta.glob<Catalogs>('./*/catalogs.ts', { import: 'catalogs', eager: true });

const escaped = NAMESPACES.map((ns) => ns.replace('.', '\\.')).join('|');
/** A message id in a string (`'send:review.title'`), or a namespace named to useT. */
const MESSAGE_ID = new RegExp(`['"\`](${escaped}):[A-Za-z]`, 'g');
const USE_T = /\buseT\(([^)]*)\)/g;
const STATIC_IMPORT = /from\s+'([^']+)'/g;
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'/g;

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => existsSync(path) && statSync(path).isFile() && /\.tsx?$/.test(path),
  );
}

/**
 * The namespaces of every message a module can show, following its imports within its feature and
 * the shared components; a part of the feature it loads lazily that declares catalogs of its own
 * (`parts`) is left to its own declaration.
 */
function namespacesShownBy(entry: string, feature: string, parts: readonly string[]): Map<string, string> {
  const shown = new Map<string, string>();
  const seen = new Set<string>();
  const followed = (path: string) =>
    path.startsWith(`${join(featuresDir, feature)}/`) || path.startsWith(`${join(src, 'components')}/`);
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const where = relative(src, file);
    for (const [, namespace] of code.matchAll(MESSAGE_ID)) if (namespace) shown.set(namespace, where);
    for (const [, args] of code.matchAll(USE_T))
      for (const [, namespace] of args?.matchAll(/'([^']+)'/g) ?? []) if (namespace) shown.set(namespace, where);
    for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
      const target = specifier && resolveImport(file, specifier);
      if (target && followed(target)) visit(target);
    }
    for (const [, specifier] of code.matchAll(DYNAMIC_IMPORT)) {
      const target = specifier && resolveImport(file, specifier);
      if (target && followed(target) && !parts.includes(target)) visit(target);
    }
  };
  visit(entry);
  return shown;
}

function entryFile(feature: string, name: string): string | undefined {
  return [`${name}.tsx`, `${name}.ts`].map((file) => join(featuresDir, feature, file)).find(existsSync);
}

/** The modules of a feature that declare catalogs of their own. */
const partsOf = (feature: string): string[] =>
  Object.keys(declarations[`./${feature}/catalogs.ts`] ?? {}).flatMap((name) => entryFile(feature, name) ?? []);

describe('the catalogs each feature declares', () => {
  it.each(features)('%s declares its catalogs beside its screens, its own among them', (feature) => {
    const declared = declarations[`./${feature}/catalogs.ts`];
    expect(declared, `src/features/${feature}/catalogs.ts`).toBeDefined();
    if (NAMESPACES.includes(feature)) expect(Object.values(declared ?? {}).flat()).toContain(feature);
  });

  const entries = features.flatMap((feature) =>
    Object.entries(declarations[`./${feature}/catalogs.ts`] ?? {}).map(
      ([name, namespaces]) => [`${feature}/${name}`, feature, name, namespaces] as const,
    ),
  );

  it.each(entries)(
    '%s: every message it can show is in a catalog it declares or loaded at start',
    (_, feature, name, namespaces) => {
      const file = entryFile(feature, name);
      expect(file, `a module named ${name} in src/features/${feature}`).toBeDefined();
      const missing = [...namespacesShownBy(file as string, feature, partsOf(feature))]
        .filter(([namespace]) => !loadedAtStart(namespace) && !namespaces.includes(namespace as never))
        .map(([namespace, where]) => `${namespace} (${where})`);
      expect(missing).toEqual([]);
    },
  );

  it('covers every part of a feature the app shows that has words of its own', () => {
    const appDir = join(src, 'app');
    const appFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return appFiles(path);
        return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
      });
    const undeclared = new Set<string>();
    for (const file of appFiles(appDir)) {
      for (const [, feature, name] of readFileSync(file, 'utf8').matchAll(/from '@\/features\/([^/']+)\/([^/']+)'/g)) {
        if (!feature || !name || name === 'catalogs') continue;
        const module = entryFile(feature, name);
        if (!module) continue;
        const ownWords = [...namespacesShownBy(module, feature, partsOf(feature)).keys()].some(
          (ns) => !loadedAtStart(ns),
        );
        if (ownWords && !(name in (declarations[`./${feature}/catalogs.ts`] ?? {})))
          undeclared.add(`${feature}/${name}`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
