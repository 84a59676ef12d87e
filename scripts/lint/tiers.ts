// Core's inner order, as data and pure checks, used by scripts/lint/lint-layers.ts. src/core's folders
// (and its single-file modules) stand in one list, grouped in tiers: each imports only itself and
// what comes before it. So no two folders import each other. Tests are exempt (nothing imports a
// test, so a test reaching up makes no loop). Separately, no files of src/ import each other in
// a loop, type-only imports included.
import { resolveSpecifier } from './layers.ts';

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
] as const;

const ORDER: readonly string[] = CORE_TIERS.flatMap(({ folders }) => folders);
const TIER_OF = new Map<string, string>(
  CORE_TIERS.flatMap(({ tier, folders }) => folders.map((folder) => [folder, tier] as const)),
);

/** The core folder (or single-file module, without extension) of a path in src/core, else undefined. */
export function coreFolderOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'src' || parts[1] !== 'core' || parts[2] === undefined) return undefined;
  return parts.length === 3 ? parts[2].replace(/\.tsx?$/, '') : parts[2];
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** Why `fromFile` may not import `target` (repository-relative, resolved) under core's order, or undefined. */
export function checkCoreTier(fromFile: string, target: string): string | undefined {
  const from = coreFolderOf(fromFile);
  const to = coreFolderOf(target);
  if (from === undefined || to === undefined || from === to || isTest(fromFile)) return undefined;
  for (const folder of [from, to]) {
    if (!ORDER.includes(folder))
      return `core/${folder} has no place in core's tiers: add it to CORE_TIERS (scripts/lint/coreTiers.ts)`;
  }
  if (ORDER.indexOf(to) < ORDER.indexOf(from)) return undefined;
  return `core/${from} (${TIER_OF.get(from)}) may not import core/${to} (${TIER_OF.get(to)}): core's folders import only those before them in CORE_TIERS (scripts/lint/coreTiers.ts)`;
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
