/**
 * What the production build says about itself: facts written into the code (Vite `define`) and
 * files written beside index.html, read by Settings → About (licences.json here, the build
 * manifest in src/core/build). The build side is in scripts/build/buildFacts.ts, scripts/build/bundleLicences.ts
 * and scripts/build/buildHash.ts.
 */

// Relative, not '@/': the Vite config loads this file (scripts/build/bundleLicences.ts) without the alias.
import { isRecord } from '../../core/text/guards.ts';

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

export const LICENCES_FILE = 'licences.json';

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
