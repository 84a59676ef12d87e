// Cairn's import rules, as data and pure checks, used by scripts/lint/lint-layers.ts (core's inner
// order is in scripts/lint/tiers.ts):
//   core ← lib ← features ← app;  components may use core and lib;  features never import each
//   other;  shipped code never imports test helpers, the devchain or the scripts;
//   only core reads the chain (viem/actions), features reach it through query options in
//   src/lib/queries, and query keys are built only by the factories there;
//   src/connector (built alone as connect.js, which every dApp page loads) imports only itself
//   and the core files it shares (CONNECTOR_CORE: Cairn's identity, sameAddress, the protocol
//   and the method answers of src/core/dapp), which import only each other; no package at all,
//   and nothing imports the connector;
//   src/extension (the companion extension, built alone into extension/) imports only itself, the
//   connector and CONNECTOR_CORE, and no package; nothing imports it;
//   src/serviceWorker (built alone as sw.js) imports only itself and core, and no package.
import { posix } from 'node:path';

export type Layer =
  | { kind: 'core' | 'lib' | 'components' | 'app' | 'testing' | 'connector' | 'extension' | 'serviceWorker' }
  | { kind: 'feature'; name: string }
  | { kind: 'outside' };

/** The layer of a repository-relative path such as "src/features/send/Form.tsx". */
export function layerOf(path: string): Layer {
  const parts = path.split('/');
  if (parts[0] !== 'src') return { kind: 'outside' };
  const top = parts[1];
  if (top === 'features' && parts[2]) return { kind: 'feature', name: parts[2] };
  if (
    top === 'core' ||
    top === 'lib' ||
    top === 'components' ||
    top === 'app' ||
    top === 'testing' ||
    top === 'connector' ||
    top === 'extension' ||
    top === 'serviceWorker'
  ) {
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
  connector: ['connector'],
  extension: ['connector', 'extension'],
  serviceWorker: ['core', 'serviceWorker'],
};

/** The core files connect.js carries to every dApp page, beside src/connector (no extension). */
export const CONNECTOR_CORE: ReadonlySet<string> = new Set([
  'src/core/identity',
  'src/core/dapp/protocol',
  'src/core/dapp/providerErrors',
  'src/core/dapp/request',
  'src/core/dapp/siteAnswers',
  'src/core/dapp/rareSiteAnswers',
  'src/core/keys/sameAddress',
]);

const withoutExtension = (path: string) => path.replace(/\.tsx?$/, '');

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

/**
 * Why `fromFile` may not import `specifier` under the connector's rules, or undefined. What
 * ships in connect.js stays that small: the connector, the core files it shares, no package.
 */
function checkConnector(fromFile: string, specifier: string): string | undefined {
  const from = layerOf(fromFile).kind;
  if (from === 'extension') return checkExtension(fromFile, specifier);
  const inConnector = from === 'connector';
  const shipped = inConnector || CONNECTOR_CORE.has(withoutExtension(fromFile));
  const target = resolveSpecifier(fromFile, specifier);
  const to = target === undefined ? undefined : withoutExtension(target);
  if (!shipped || isTestFile(fromFile)) {
    return to !== undefined && layerOf(to).kind === 'connector' && !inConnector && from !== 'outside'
      ? 'nothing in src imports src/connector: it is built on its own as connect.js (import what it shares from src/core/dapp)'
      : undefined;
  }
  if (to === undefined)
    return `${fromFile} ships in connect.js, which takes no package (${specifier}): it must stay small and self-contained`;
  if (CONNECTOR_CORE.has(to) || (inConnector && layerOf(to).kind === 'connector')) return undefined;
  const shared = [...CONNECTOR_CORE].map((path) => path.replace('src/core/', '')).join(',');
  return `${fromFile} ships in connect.js, which may import only src/connector and src/core/{${shared}}, not ${to}`;
}

/**
 * Why `fromFile` (in src/extension) may not import `specifier`, or undefined: the extension ships
 * its own code, the connector and the core files the connector shares; no package. Its tests may
 * use the test tools and any of the core.
 */
function checkExtension(fromFile: string, specifier: string): string | undefined {
  const target = resolveSpecifier(fromFile, specifier);
  const to = target === undefined ? undefined : withoutExtension(target);
  if (isTestFile(fromFile)) return undefined;
  if (to === undefined)
    return `${fromFile} ships in the extension, which takes no package (${specifier}): it holds only its own code and the connector`;
  const kind = layerOf(to).kind;
  if (kind === 'extension' || kind === 'connector' || CONNECTOR_CORE.has(to)) return undefined;
  return `${fromFile} ships in the extension, which may import only src/extension, src/connector and the connector's core files, not ${to}`;
}

/** Returns why `fromFile` may not import `specifier`, or undefined when the import is fine. */
export function checkImport(fromFile: string, specifier: string): string | undefined {
  const problem = checkChainAccess(fromFile, specifier) ?? checkConnector(fromFile, specifier);
  if (problem) return problem;
  // checkExtension said all there is about the extension's imports.
  if (layerOf(fromFile).kind === 'extension') return undefined;
  const target = resolveSpecifier(fromFile, specifier);
  const from = layerOf(fromFile);
  if (target === undefined)
    return from.kind === 'serviceWorker' && !isTestFile(fromFile)
      ? `${fromFile} ships in sw.js, which takes no package (${specifier}): it holds only what serves and checks the build`
      : undefined;
  const to = layerOf(target);
  // The connector uses the shared files of CONNECTOR_CORE (checked above); its tests may use any of the core.
  if (
    from.kind === 'connector' &&
    (CONNECTOR_CORE.has(withoutExtension(target)) || isTestFile(fromFile)) &&
    to.kind === 'core'
  )
    return undefined;
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
