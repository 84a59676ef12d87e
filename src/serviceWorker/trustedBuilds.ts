// Which builds the worker can vouch for. Pages share the Cache API with the worker, so a script
// that once ran at Cairn's origin could have written any state entry, manifest or file there.
// Nothing stored is taken on its word: a build counts only while its stored manifest is one the
// publisher key this sw.js carries signed, checked once per worker and then kept in memory,
// where no page can reach it; and each file is checked against that manifest whenever it is
// served (serveBuild.ts). An unsigned worker (built without a key) checks only that a manifest
// adds up to its build hash.
import { BUILD_MANIFEST_FILE, type BuildManifest, parseBuildManifest } from '../core/build/buildManifest';
import { manifestProblem, releaseOf } from '../core/build/releaseCheck';
import { storedUpdateState, type UpdateState } from '../core/build/updateProtocol';
import { refusalWords } from './refusalWords';
import { names, sha256, superseded, trustedKey, urlOf } from './workerScope';

/** Manifests this worker checked, by build hash, as they were when checked. */
const checked = new Map<string, BuildManifest>();

/** Keeps a manifest this worker has just checked (a build it downloaded and checked file by file). */
export const rememberChecked = (manifest: BuildManifest): void => void checked.set(manifest.sha256, manifest);

/** The manifest of the stored build `hash`, if it is one this worker vouches for; else undefined. */
export async function checkedManifest(hash: string): Promise<BuildManifest | undefined> {
  const known = checked.get(hash);
  if (known) return known;
  const entry = await (await caches.open(names.build(hash))).match(urlOf(BUILD_MANIFEST_FILE));
  const manifest = entry ? parseBuildManifest(await entry.json().catch(() => undefined)) : undefined;
  if (manifest?.sha256 !== hash || (await manifestProblem(manifest, await trustedKey, sha256))) return undefined;
  checked.set(hash, manifest);
  return manifest;
}

/** The state as stored: {} before any build was stored. A failed read rejects (nothing is decided on it). */
export async function storedState(): Promise<UpdateState> {
  const entry = await (await caches.open(names.state)).match(names.stateEntry);
  return entry ? storedUpdateState((await entry.json()) as UpdateState, refusalWords) : {};
}

/**
 * The state with only the builds this worker vouches for, named as their checked manifests name
 * them: a served or staged build whose manifest the key did not sign (a page's script wrote it,
 * or a worker with another key kept it) is left out, and with it any acceptance of it.
 */
export async function trustedState(): Promise<UpdateState> {
  const state = await storedState();
  const current = state.current && (await checkedManifest(state.current.hash));
  const staged = state.staged && (await checkedManifest(state.staged.hash));
  const trusted: UpdateState = {};
  if (current) trusted.current = releaseOf(current);
  if (staged) trusted.staged = releaseOf(staged);
  if (staged && state.accepted === staged.sha256) trusted.accepted = state.accepted;
  if (state.refused) trusted.refused = state.refused;
  return trusted;
}

/** Stores the state and prunes the builds it does not name; nothing once a newer sw.js is installing. */
export async function writeState(state: UpdateState): Promise<void> {
  if (superseded()) return;
  const cache = await caches.open(names.state);
  await cache.put(names.stateEntry, Response.json(state));
  // Only the builds served and staged are kept (of this scope only).
  const keep = new Set([state.current?.hash, state.staged?.hash].flatMap((hash) => (hash ? [names.build(hash)] : [])));
  for (const name of await caches.keys())
    if (name.startsWith(names.buildPrefix) && !keep.has(name)) await caches.delete(name);
}

/**
 * Drops every stored build this worker does not vouch for (and its files): what a new sw.js does
 * first, so the honest worker, once the browser fetches it again, never serves what a hostile
 * server or script left. True when the build served until now was dropped.
 */
export async function dropUntrusted(): Promise<boolean> {
  const [stored, trusted] = [await storedState(), await trustedState()];
  if (JSON.stringify(stored) === JSON.stringify(trusted)) return false;
  await writeState(trusted);
  return stored.current !== undefined && trusted.current?.hash !== stored.current.hash;
}
