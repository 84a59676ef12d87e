/**
 * What the production build says about itself: facts written into the code (Vite `define`) and
 * two files written beside index.html, read by Settings → About. The build side is in
 * scripts/buildFacts.ts, scripts/bundleLicences.ts and scripts/buildHash.ts.
 */

export type BuildFacts = {
  version: string;
  /** Cairn's own licence, from package.json. */
  license: string;
  /** Short git commit hash, or 'unknown' when not built from a git checkout. */
  commit: string;
  /** The checkout had changes not committed: the commit alone does not describe the code. */
  modified: boolean;
};

/** An npm package whose code is in the build, as its package.json describes it. */
export type ShippedPackage = { name: string; version: string; license: string | null };

/** Every file of the build but this one, each with its SHA-256, and the SHA-256 of that list. */
export type BuildHash = { sha256: string; files: Record<string, string> };

export const LICENCES_FILE = 'licences.json';
export const BUILD_HASH_FILE = 'build-manifest.json';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function parseLicences(json: unknown): ShippedPackage[] | undefined {
  if (!Array.isArray(json)) return undefined;
  return json.filter(
    (p): p is ShippedPackage =>
      isRecord(p) &&
      typeof p.name === 'string' &&
      typeof p.version === 'string' &&
      (typeof p.license === 'string' || p.license === null),
  );
}

export function parseBuildHash(json: unknown): BuildHash | undefined {
  if (!isRecord(json) || typeof json.sha256 !== 'string' || !isRecord(json.files)) return undefined;
  const files = Object.entries(json.files).filter((e): e is [string, string] => typeof e[1] === 'string');
  return { sha256: json.sha256, files: Object.fromEntries(files) };
}

/**
 * One of the build's files, read from beside the page; undefined where there is none or it cannot
 * be read (the development server has none).
 */
export async function readBuildFile<T>(name: string, parse: (json: unknown) => T | undefined): Promise<T | undefined> {
  try {
    const response = await fetch(new URL(name, document.baseURI), { cache: 'no-cache' });
    return response.ok ? parse(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}
