// The list of npm packages whose code ships in the build, with the version and licence each
// package.json states, written as licences.json beside index.html for Settings → About. It is
// read from the bundles themselves (the page's and the workers'), so it names exactly what ships:
// a dependency that is installed but never bundled is not in it, and a new one appears by itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { LICENCES_FILE, type ShippedPackage } from '../../src/lib/browser/buildFiles.ts';

/** The fields of a package.json read here (`licenses` is the old form, still found in some packages). */
export type PackageManifest = {
  name?: unknown;
  version?: unknown;
  license?: unknown;
  licenses?: unknown;
};

const NODE_MODULES = '/node_modules/';

/** The folder of the npm package a module id belongs to, or undefined for Cairn's own and virtual modules. */
export function packageDirOf(moduleId: string): string | undefined {
  const path = (moduleId.split('?')[0] ?? '').replaceAll('\\', '/');
  if (path.startsWith('\0')) return undefined;
  const at = path.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const parts = path.slice(at + NODE_MODULES.length).split('/');
  const depth = parts[0]?.startsWith('@') ? 2 : 1;
  if (parts.length <= depth) return undefined;
  return path.slice(0, at + NODE_MODULES.length) + parts.slice(0, depth).join('/');
}

function typeOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'object' && entry !== null && typeof (entry as { type?: unknown }).type === 'string') {
    return (entry as { type: string }).type;
  }
  return undefined;
}

/** The licence a package.json states: an SPDX expression, or null when it states none. */
export function licenceOf(manifest: PackageManifest): string | null {
  const single = typeOf(manifest.license);
  if (single) return single;
  if (Array.isArray(manifest.licenses)) {
    const all = manifest.licenses.map(typeOf).filter((t): t is string => t !== undefined);
    if (all.length > 0) return all.join(' OR ');
  }
  return null;
}

/**
 * The packages the given modules come from, once each per name and version, sorted by name.
 * `readManifest` gives the package.json in a package's folder (undefined if there is none).
 */
export function bundledPackages(
  moduleIds: Iterable<string>,
  readManifest: (packageDir: string) => PackageManifest | undefined,
): ShippedPackage[] {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const dir = packageDirOf(id);
    if (dir) dirs.add(dir);
  }
  const found = new Map<string, ShippedPackage>();
  for (const dir of dirs) {
    const manifest = readManifest(dir) ?? {};
    const name =
      typeof manifest.name === 'string'
        ? manifest.name
        : dir.slice(dir.lastIndexOf(NODE_MODULES) + NODE_MODULES.length);
    const version = typeof manifest.version === 'string' ? manifest.version : 'unknown';
    found.set(`${name}@${version}`, { name, version, license: licenceOf(manifest) });
  }
  const key = (p: ShippedPackage) => `${p.name}\0${p.version}`;
  return [...found.values()].sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

export function readPackageManifest(packageDir: string): PackageManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageManifest;
  } catch {
    return undefined;
  }
}

/** The modules whose code is in a bundle (a module left empty by tree-shaking is not, but a stylesheet is). */
function shippedModules(bundle: Rolldown.OutputBundle): string[] {
  return Object.values(bundle).flatMap((file) =>
    file.type === 'chunk'
      ? Object.entries(file.modules)
          .filter(([id, module]) => module.renderedLength > 0 || /\.css($|\?)/.test(id))
          .map(([id]) => id)
      : [],
  );
}

/**
 * Two plugins sharing one list: `worker` goes in `worker.plugins` and notes what each worker
 * bundle holds (workers are bundled while the page is); `page` adds the page's own modules and
 * writes the file.
 */
export function licenceList(): { page: Plugin; worker: () => Plugin } {
  const fromWorkers = new Set<string>();
  return {
    worker: () => ({
      name: 'cairn-licences-worker',
      apply: 'build',
      generateBundle(_options, bundle) {
        for (const id of shippedModules(bundle)) fromWorkers.add(id);
      },
    }),
    page: {
      name: 'cairn-licences',
      apply: 'build',
      generateBundle(_options, bundle) {
        const packages = bundledPackages([...fromWorkers, ...shippedModules(bundle)], readPackageManifest);
        this.emitFile({ type: 'asset', fileName: LICENCES_FILE, source: `${JSON.stringify(packages, null, 1)}\n` });
      },
    },
  };
}
