// Cairn's import rules, as data and pure checks, used by scripts/lint-layers.ts:
//   core ← lib ← features ← app;  components may use core and lib;  features never import each
//   other;  shipped code never imports test helpers, the devchain or the scripts;
//   only core reads the chain (viem/actions), features reach it through query options in
//   src/lib/queries, and query keys are built only by the factories there.
import { posix } from 'node:path';

export type Layer =
  | { kind: 'core' | 'lib' | 'components' | 'app' | 'testing' }
  | { kind: 'feature'; name: string }
  | { kind: 'outside' };

/** The layer of a repository-relative path such as "src/features/send/Form.tsx". */
export function layerOf(path: string): Layer {
  const parts = path.split('/');
  if (parts[0] !== 'src') return { kind: 'outside' };
  const top = parts[1];
  if (top === 'features' && parts[2]) return { kind: 'feature', name: parts[2] };
  if (top === 'core' || top === 'lib' || top === 'components' || top === 'app' || top === 'testing') {
    return { kind: top };
  }
  return { kind: 'outside' };
}

const allowed: Record<string, readonly string[]> = {
  core: ['core'],
  lib: ['core', 'lib'],
  components: ['core', 'lib', 'components'],
  feature: ['core', 'lib', 'components'],
  app: ['core', 'lib', 'components', 'feature', 'app'],
  testing: ['core', 'lib', 'testing', 'outside'],
};

/** Resolves an import specifier to a repository-relative path, or undefined for packages. */
export function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return posix.join('src', specifier.slice(2));
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  return undefined;
}

function isTestFile(path: string): boolean {
  return /\.(test|integration\.test)\.tsx?$/.test(path);
}

/** Why `fromFile` may not use the chain client this way, or undefined. Tests are exempt. */
function checkChainAccess(fromFile: string, specifier: string): string | undefined {
  const from = layerOf(fromFile);
  if (from.kind === 'outside' || from.kind === 'testing' || isTestFile(fromFile)) return undefined;
  if (specifier === 'viem/actions' && from.kind !== 'core') {
    return 'only src/core reads the chain with viem/actions: call a core function (through query options in src/lib/queries)';
  }
  const target = resolveSpecifier(fromFile, specifier);
  if (target === 'src/core/chain/client' && (from.kind === 'feature' || from.kind === 'components')) {
    return 'features read the chain through query options in src/lib/queries (or a lib action), not with the chain client';
  }
  return undefined;
}

/** Returns why `fromFile` may not import `specifier`, or undefined when the import is fine. */
export function checkImport(fromFile: string, specifier: string): string | undefined {
  const chainAccess = checkChainAccess(fromFile, specifier);
  if (chainAccess) return chainAccess;
  const target = resolveSpecifier(fromFile, specifier);
  if (target === undefined) return undefined;
  const from = layerOf(fromFile);
  const to = layerOf(target);
  if (from.kind === 'outside') return undefined;
  if (isTestFile(fromFile)) {
    // Tests may also use the test helpers and the devchain, but still respect feature borders.
    if (to.kind === 'testing' || to.kind === 'outside') return undefined;
  }
  if (from.kind === 'feature' && to.kind === 'feature') {
    return from.name === to.name
      ? undefined
      : `features do not import each other (${from.name} → ${to.name}); compose them in src/app`;
  }
  if (!allowed[from.kind]?.includes(to.kind)) {
    const name = (layer: Layer) =>
      layer.kind === 'feature' ? `features/${layer.name}` : layer.kind === 'outside' ? target : layer.kind;
    return `${name(from)} may not import ${name(to)} (imports flow core ← lib ← features ← app)`;
  }
  return undefined;
}

/** Every import specifier in a TypeScript source, with its 1-based line. */
export function importsOf(source: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier) continue;
    const line = source.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
    found.push({ specifier, line });
  }
  return found;
}

/**
 * Query keys written as literal arrays outside the factories of src/lib/queries, with their
 * 1-based lines: every key must start from the network's key, which only the factories guarantee.
 */
export function literalQueryKeys(path: string, source: string): number[] {
  if (!path.startsWith('src/') || path.startsWith('src/lib/queries/') || isTestFile(path)) return [];
  const lines: number[] = [];
  for (const match of source.matchAll(/queryKey\s*:\s*\[/g)) {
    lines.push(source.slice(0, match.index).split('\n').length);
  }
  return lines;
}
