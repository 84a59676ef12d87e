// Which builds the worker can vouch for (src/core/build/trustedState.ts says the rules). Pages
// share the Cache API with the worker, so the state entry and each stored manifest are checked
// whenever they are read: a manifest once per worker, then kept in memory, where no page reaches
// it; each file whenever it is served (serveBuild.ts). A refusal is kept in memory only.
import { BUILD_MANIFEST_FILE, type BuildManifest, parseBuildManifest } from '../core/build/buildManifest';
import {
  type BuildRole,
  dropsServedBuild,
  parseStoredState,
  type StoredState,
  storedAs,
  storedForm,
  trustedStateOf,
  vouches,
} from '../core/build/trustedState';
import type { Refusal, UpdateState } from '../core/build/updateProtocol';
import { sha256HexOf } from '../core/bytes';
import { names, superseded, trustedKeys, urlOf } from './workerScope';

/** Manifests this worker checked, by build hash; `taken`: vouched for by the publisher key itself. */
const checked = new Map<string, { manifest: BuildManifest; taken: boolean }>();

/** The last build this worker refused, and why. */
let refusal: Refusal | undefined;

/** Keeps a manifest this worker has just checked against its publisher key (a build it downloaded and checked file by file). */
export const rememberChecked = (manifest: BuildManifest): void =>
  void checked.set(manifest.sha256, { manifest, taken: true });

/** The manifest of the stored build `hash`, if this worker vouches for it as `role`; else undefined. */
export async function checkedManifest(hash: string, role: BuildRole): Promise<BuildManifest | undefined> {
  let known = checked.get(hash);
  if (!known) {
    const entry = await (await caches.open(names.build(hash))).match(urlOf(BUILD_MANIFEST_FILE));
    const manifest = entry ? parseBuildManifest(await entry.json().catch(() => undefined)) : undefined;
    if (manifest?.sha256 !== hash) return undefined;
    const keys = await trustedKeys;
    const taken = await vouches(manifest, keys, 'take', sha256HexOf);
    if (!taken && !(await vouches(manifest, keys, 'serve', sha256HexOf))) return undefined;
    known = { manifest, taken };
    checked.set(hash, known);
  }
  return known.taken || role === 'serve' ? known.manifest : undefined;
}

/**
 * The state entry as stored ({} before any build was stored), or undefined when it cannot be read
 * as one (a script wrote something else there): that is put right, never decided on. A failure of
 * the Cache API itself rejects.
 */
export async function storedState(): Promise<StoredState | undefined> {
  const entry = await (await caches.open(names.state)).match(names.stateEntry);
  if (!entry) return {};
  const text = await entry.text();
  try {
    return parseStoredState(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The state with only the builds this worker vouches for, and the refusal it remembers. */
export async function trustedState(): Promise<UpdateState> {
  const trusted = await trustedStateOf(await storedState(), checkedManifest);
  return refusal ? { ...trusted, refused: refusal } : trusted;
}

/** Whether the entry as stored says what `state` says. */
export const isStoredAs = async (state: UpdateState): Promise<boolean> => storedAs(await storedState(), state);

/** Stores the state (its refusal in memory) and prunes the builds it does not name; nothing once a newer sw.js is installing. */
export async function writeState(state: UpdateState): Promise<void> {
  if (superseded()) return;
  refusal = state.refused;
  const cache = await caches.open(names.state);
  await cache.put(names.stateEntry, Response.json(storedForm(state)));
  // Only the builds served and staged are kept (of this scope only).
  const keep = new Set([state.current?.hash, state.staged?.hash].flatMap((hash) => (hash ? [names.build(hash)] : [])));
  for (const name of await caches.keys())
    if (name.startsWith(names.buildPrefix) && !keep.has(name)) await caches.delete(name);
}

/**
 * Drops every stored build this worker does not vouch for (and its files), and writes over an
 * entry it cannot read: what a new sw.js does first, so the honest worker, once the browser
 * fetches it again, never serves what a hostile server or script left. True when the build pages
 * were served until now is gone.
 */
export async function dropUntrusted(): Promise<boolean> {
  const stored = await storedState();
  const trusted = await trustedState();
  if (storedAs(stored, trusted)) return false;
  await writeState(trusted);
  return dropsServedBuild(stored, trusted);
}

/**
 * Marks that pages must start afresh, for the worker once it is activated (it may have been
 * stopped since). Pages share this cache, so a script can plant the mark: all it does is have every
 * page lock and reload at the next activation (docs/signed-builds.md).
 */
export async function markReload(): Promise<void> {
  await (await caches.open(names.state)).put(names.reloadEntry, new Response('1'));
}

/** Whether an installing worker marked that pages must start afresh; the mark is taken away. */
export async function takeReloadMark(): Promise<boolean> {
  return (await caches.open(names.state)).delete(names.reloadEntry);
}
