import { codeValue, type Message, msg } from '../i18n/message';
import { type BuildManifest, manifestListing, offlineFiles } from './buildManifest';
import { CONFIGURABLE_PAGES, resetPageConfig } from './pageConfig';

/** A build as the update prompt names it. */
export type Release = { hash: string; version: string; commit: string };

export const releaseOf = ({ sha256, version, commit }: BuildManifest): Release => ({ hash: sha256, version, commit });

/** One downloaded file: its bytes, and what the caller keeps of it (the service worker: the Response). */
export type Downloaded<T> = { bytes: ArrayBuffer; kept: T };

/** Why a build is not taken: each of these messages, and only these (the service worker words them, updateProtocol.ts). */
export type ReleaseProblem = Message<
  'core.keys:release.listing' | 'core.keys:release.download' | 'core.keys:release.mismatch'
>;

export type ReleaseCheck<T> =
  | { ok: true; files: Map<string, T> }
  /** The build does not match its manifest: refused, whatever happens next. */
  | { ok: false; refused: true; reason: ReleaseProblem }
  /** A file could not be downloaded (offline, server error): try again later. */
  | { ok: false; refused: false; reason: ReleaseProblem };

export type CheckTools<T> = {
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

/**
 * Downloads every file Cairn needs offline from a build and checks each against the manifest's
 * SHA-256, after checking that the manifest's list adds up to its build hash. A page a server
 * wrote the local chain's facts into is checked as built (pageConfig.ts).
 */
export async function checkRelease<T>(manifest: BuildManifest, tools: CheckTools<T>): Promise<ReleaseCheck<T>> {
  const listing = new TextEncoder().encode(manifestListing(manifest.files));
  if ((await tools.sha256(listing)) !== manifest.sha256)
    return { ok: false, refused: true, reason: msg('core.keys:release.listing') };
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
      const bytes = CONFIGURABLE_PAGES.includes(path) ? asBuilt(file.bytes) : file.bytes;
      if (!bytes || (await tools.sha256(bytes)) !== manifest.files[path]) {
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
