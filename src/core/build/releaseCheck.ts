import { codeValue, type Message, msg } from '../i18n/message';
import { type BuildManifest, manifestListing, offlineFiles } from './buildManifest';
import { isSignedBy, type PublisherKey } from './buildSignature';
import { CONFIGURABLE_PAGES, resetPageConfig } from './pageConfig';

/**
 * A build as the update prompt names it; `key` is the fingerprint of the publisher key its sw.js
 * carries (absent for an unsigned build).
 */
export type Release = { hash: string; version: string; commit: string; key?: string | undefined };

export const releaseOf = ({ sha256, version, commit, key }: BuildManifest): Release =>
  key ? { hash: sha256, version, commit, key } : { hash: sha256, version, commit };

/** One downloaded file: its bytes, and what the caller keeps of it (the service worker: the Response). */
export type Downloaded<T> = { bytes: ArrayBuffer; kept: T };

/** Why a build is not taken: each of these messages, and only these (the service worker words them, updateProtocol.ts). */
export type ReleaseProblem = Message<
  | 'core.keys:release.listing'
  | 'core.keys:release.download'
  | 'core.keys:release.mismatch'
  | 'core.keys:release.unsigned'
>;

export type ReleaseCheck<T> =
  | { ok: true; files: Map<string, T> }
  /** The build does not match its manifest: refused, whatever happens next. */
  | { ok: false; refused: true; reason: ReleaseProblem }
  /** A file could not be downloaded (offline, server error): try again later. */
  | { ok: false; refused: false; reason: ReleaseProblem };

export type CheckTools<T> = {
  /** The publisher key the build must be signed by; none for an unsigned worker, which checks no signature. */
  trusted?: PublisherKey | undefined;
  download(path: string): Promise<Downloaded<T>>;
  sha256(bytes: ArrayBuffer | Uint8Array): Promise<string>;
  /** Files downloaded at once (a browser opens about six connections per host). */
  parallel?: number;
};

/** A page's bytes as built, or undefined when they are not strict UTF-8 (a byte order mark counts as a change). */
function asBuilt(bytes: ArrayBuffer): Uint8Array | undefined {
  try {
    return new TextEncoder().encode(
      resetPageConfig(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)),
    );
  } catch {
    return undefined;
  }
}

/** Whether `bytes`, downloaded or stored as `path`, are that file of the build `manifest` lists. */
export async function fileMatches(
  manifest: BuildManifest,
  path: string,
  bytes: ArrayBuffer,
  sha256: CheckTools<unknown>['sha256'],
): Promise<boolean> {
  const expected = manifest.files[path];
  const built = CONFIGURABLE_PAGES.includes(path) ? asBuilt(bytes) : bytes;
  return expected !== undefined && built !== undefined && (await sha256(built)) === expected;
}

/**
 * Whether `manifest` describes a build `trusted` signed: its list adds up to its build hash and
 * its signature by that key checks out. Without a trusted key, only the list is checked.
 */
export async function manifestProblem(
  manifest: BuildManifest,
  trusted: PublisherKey | undefined,
  sha256: CheckTools<unknown>['sha256'],
): Promise<ReleaseProblem | undefined> {
  if ((await sha256(new TextEncoder().encode(manifestListing(manifest.files)))) !== manifest.sha256)
    return msg('core.keys:release.listing');
  if (trusted && !(await isSignedBy(manifest, trusted)))
    return msg('core.keys:release.unsigned', { key: codeValue(trusted.fingerprint) });
  return undefined;
}

/**
 * Downloads every file Cairn needs offline from a build and checks each against the manifest's
 * SHA-256, after checking that the manifest's list adds up to its build hash and, for a worker
 * that carries a publisher key, that this key signed it. A page a server wrote the local chain's
 * facts into is checked as built (pageConfig.ts).
 */
export async function checkRelease<T>(manifest: BuildManifest, tools: CheckTools<T>): Promise<ReleaseCheck<T>> {
  const problem = await manifestProblem(manifest, tools.trusted, tools.sha256);
  if (problem) return { ok: false, refused: true, reason: problem };
  const pending = offlineFiles(manifest);
  const files = new Map<string, T>();
  let failure: Exclude<ReleaseCheck<T>, { ok: true }> | undefined;
  async function worker() {
    for (let path = pending.shift(); path !== undefined && !failure?.refused; path = pending.shift()) {
      let file: Downloaded<T>;
      try {
        file = await tools.download(path);
      } catch {
        failure ??= { ok: false, refused: false, reason: msg('core.keys:release.download', { path: codeValue(path) }) };
        return;
      }
      if (!(await fileMatches(manifest, path, file.bytes, tools.sha256))) {
        // A mismatch found by one download wins over another's failure: the build is refused.
        failure = { ok: false, refused: true, reason: msg('core.keys:release.mismatch', { path: codeValue(path) }) };
        return;
      }
      files.set(path, file.kept);
    }
  }
  await Promise.all(Array.from({ length: tools.parallel ?? 6 }, worker));
  return failure ?? { ok: true, files };
}
