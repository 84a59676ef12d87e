// The inner order of src/core and src/lib, as data and pure checks, used by
// scripts/lint/lint-layers.ts. Each layer's folders (and core's single-file modules) stand in one
// list, grouped in tiers: each imports only itself and what comes before it. So no two folders
// import each other. lib's root stands above its folders: a root file may import any folder, a
// folder no root file. Tests are exempt (nothing imports a test, so a test reaching up makes no
// loop). Separately, no files of src/ import each other in a loop, type-only imports included.
import { resolveSpecifier } from './layers.ts';

export type Tiers = readonly { tier: string; folders: readonly string[] }[];

export const CORE_TIERS = [
  { tier: 'base', folders: ['bytes', 'csv', 'text', 'identity', 'channels', 'i18n', 'errors', 'settingDeclaration'] },
  { tier: 'chain', folders: ['keys', 'accounts', 'ur', 'chain', 'explorer', 'prices', 'contracts'] },
  {
    tier: 'domain',
    folders: [
      'addressBook',
      'verify',
      'assets',
      'signing',
      'qrDevice',
      'ledger',
      'externalWallet',
      'tx',
      'offline',
      'simulation',
      'smartAccount',
      'approvals',
      'activity',
      'chart',
      'swap',
      'safe',
    ],
  },
  { tier: 'store', folders: ['storage', 'build'] },
  { tier: 'session', folders: ['vault', 'dapp', 'session'] },
] as const satisfies Tiers;

export const LIB_TIERS = [
  { tier: 'base', folders: ['i18n', 'browser', 'ledger'] },
  { tier: 'vault', folders: ['vault', 'workers'] },
  { tier: 'stores', folders: ['stores'] },
  { tier: 'reads', folders: ['queries', 'verify'] },
  { tier: 'flows', folders: ['names', 'portfolio', 'send'] },
] as const satisfies Tiers;

/** What lib's root may hold at the most: the bindings that tie its folders together. */
export const LIB_ROOT_MOST_FILES = 12;

const LAYERS = { core: CORE_TIERS, lib: LIB_TIERS } as const;
type Layer = keyof typeof LAYERS;

/** The layer and folder (or core's single-file module, without extension) of a path in src/core or src/lib; lib's root files have the folder '' . */
export function tierFolderOf(path: string): { layer: Layer; folder: string } | undefined {
  const parts = path.split('/');
  const layer = parts[1];
  if (parts[0] !== 'src' || (layer !== 'core' && layer !== 'lib') || parts[2] === undefined) return undefined;
  if (parts.length > 3) return { layer, folder: parts[2] };
  return { layer, folder: layer === 'core' ? parts[2].replace(/\.tsx?$/, '') : '' };
}

/** The core folder (or single-file module, without extension) of a path in src/core, else undefined. */
export function coreFolderOf(path: string): string | undefined {
  const place = tierFolderOf(path);
  return place?.layer === 'core' ? place.folder : undefined;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** Why `fromFile` may not import `target` (repository-relative, resolved) under core's or lib's order, or undefined. */
export function checkTier(fromFile: string, target: string): string | undefined {
  const from = tierFolderOf(fromFile);
  const to = tierFolderOf(target);
  if (!from || !to || from.layer !== to.layer || from.folder === to.folder || isTest(fromFile)) return undefined;
  const { layer } = from;
  const tiers: Tiers = LAYERS[layer];
  const order = tiers.flatMap(({ folders }) => folders);
  const tierOf = (folder: string) => tiers.find(({ folders }) => folders.includes(folder))?.tier;
  const file = 'scripts/lint/tiers.ts';
  const list = layer === 'core' ? 'CORE_TIERS' : 'LIB_TIERS';
  if (layer === 'lib' && from.folder === '') return undefined;
  if (layer === 'lib' && to.folder === '')
    return `lib/${from.folder} may not import lib's root (${target}): lib's folders never import the root above them; move it into a folder`;
  for (const folder of [from.folder, to.folder]) {
    if (!order.includes(folder))
      return `${layer}/${folder} has no place in ${layer}'s tiers: add it to ${list} (${file})`;
  }
  if (order.indexOf(to.folder) < order.indexOf(from.folder)) return undefined;
  return `${layer}/${from.folder} (${tierOf(from.folder)}) may not import ${layer}/${to.folder} (${tierOf(to.folder)}): ${layer}'s folders import only those before them in ${list} (${file})`;
}

/**
 * The loops in an import graph (file → the files it imports): each a list of files that reach one
 * another, largest first. A file naming its own type (`typeof import('./self')`) is no loop.
 */
export function importLoops(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  // Tarjan's strongly connected components, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as (typeof work)[number];
      const edge = top.edges.next();
      if (!edge.done) {
        const to = edge.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node) ?? 0, index.get(to) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(top.node) ?? 0));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1) loops.push(component.sort());
    }
  }
  return loops.sort((a, b) => b.length - a.length);
}

/** The repository-relative file an import names, among `files`, or undefined (a package, or not a source). */
export function resolveSource(fromFile: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = resolveSpecifier(fromFile, specifier);
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => files.has(path));
}
