// Which of two builds is the older, by the versions their signed manifests name (semantic
// versions: 0.9.0 before 0.10.0, 1.0.0-beta.2 before 1.0.0). A build signed by the publisher key
// can be offered whatever its version: a page's script can put an older signed build back in
// front of the person (docs/security.md), so the update bar says when the offer goes back.

type Parsed = { core: number[]; pre: string[] };

/** `version` as semantic versioning reads it (build metadata after "+" ignored), or undefined. */
function parse(version: string): Parsed | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version);
  if (!match) return undefined;
  return { core: [match[1], match[2], match[3]].map(Number), pre: match[4] ? match[4].split('.') : [] };
}

/** Semantic versioning's order of two pre-release identifiers. */
function comparePart(a: string, b: string): number {
  const [x, y] = [/^\d+$/.test(a), /^\d+$/.test(b)];
  if (x && y) return Number(a) - Number(b);
  if (x !== y) return x ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` comes before `b`, positive after, 0 when equal; undefined when either is no semantic version. */
export function compareVersions(a: string, b: string): number | undefined {
  const [x, y] = [parse(a), parse(b)];
  if (!x || !y) return undefined;
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return (x.core[i] ?? 0) - (y.core[i] ?? 0);
  // A release comes after its pre-releases.
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const order = comparePart(x.pre[i] ?? '', y.pre[i] ?? '');
    if (order !== 0) return order;
  }
  return x.pre.length - y.pre.length;
}

/** Whether the build offered (`offered`) is of an older version than the one running. */
export const isOlderVersion = (offered: string, running: string): boolean =>
  (compareVersions(offered, running) ?? 0) < 0;
