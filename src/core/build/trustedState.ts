// Which stored builds Cairn's service worker vouches for. Pages share the Cache API with the
// worker, so a script that once ran at Cairn's origin could have written its state entry, any
// manifest and any file there. So the entry is read only for the hashes it names, and anything
// else in it (no object, a malformed hash, a refusal) counts as unreadable, to be written over; a
// named build counts only while its stored manifest adds up to its hash and, in a signed worker,
// is signed by a key the worker carries; and its Release is what that manifest says.
import { isRecord } from '../text/guards';
import { type BuildManifest, HEX_SHA256 } from './buildManifest';
import { isSignedBy, type TrustedKeys } from './buildSignature';
import { manifestProblem, releaseOf } from './releaseCheck';
import type { UpdateState } from './updateProtocol';

/** The worker's state entry as stored: the builds it names, by hash, and the acceptance. */
export type StoredState = { current?: string | undefined; staged?: string | undefined; accepted?: string | undefined };

/**
 * What a build is to the worker: the one it serves, or one it takes anew (staged, or served for
 * the first time). Only the publisher key can vouch for a build taken anew; a key before it only
 * for the build already served, so a change of keys never switches builds without the person.
 */
export type BuildRole = 'serve' | 'take';

/** The hash in a stored Release, undefined when there is none, or false when it is not one. */
function storedHash(value: unknown): string | undefined | false {
  if (value === undefined) return undefined;
  return isRecord(value) && typeof value.hash === 'string' && HEX_SHA256.test(value.hash) ? value.hash : false;
}

/** `json` read as the worker's state entry, or undefined when it is not one (null, `{`, a planted shape). */
export function parseStoredState(json: unknown): StoredState | undefined {
  if (!isRecord(json)) return undefined;
  const current = storedHash(json.current);
  const staged = storedHash(json.staged);
  const accepted = json.accepted;
  if (current === false || staged === false) return undefined;
  if (accepted !== undefined && (typeof accepted !== 'string' || !HEX_SHA256.test(accepted))) return undefined;
  const state: StoredState = {};
  if (current) state.current = current;
  if (staged) state.staged = staged;
  if (accepted) state.accepted = accepted;
  return state;
}

/**
 * Whether a worker carrying `keys` (none: an unsigned worker) vouches for `manifest` as `role`:
 * its list adds up to its build hash, and the publisher key signed it, or for the build served,
 * a key before it did.
 */
export async function vouches(
  manifest: BuildManifest,
  keys: TrustedKeys | undefined,
  role: BuildRole,
  sha256: (bytes: ArrayBuffer | Uint8Array) => Promise<string>,
): Promise<boolean> {
  if (await manifestProblem(manifest, undefined, sha256)) return false;
  if (!keys) return true;
  for (const key of role === 'serve' ? [keys.publisher, ...keys.previous] : [keys.publisher])
    if (await isSignedBy(manifest, key)) return true;
  return false;
}

/**
 * The state with only the builds the worker vouches for (`vouched`: the checked manifest of a
 * stored build in that role, or undefined), named as their manifests name them: a build no key
 * vouches for is left out, and with it any acceptance of it. An unreadable entry names none.
 */
export async function trustedStateOf(
  stored: StoredState | undefined,
  vouched: (hash: string, role: BuildRole) => Promise<BuildManifest | undefined>,
): Promise<UpdateState> {
  const current = stored?.current ? await vouched(stored.current, 'serve') : undefined;
  const staged = stored?.staged ? await vouched(stored.staged, 'take') : undefined;
  const trusted: UpdateState = {};
  if (current) trusted.current = releaseOf(current);
  if (staged) trusted.staged = releaseOf(staged);
  if (staged && stored?.accepted === staged.sha256) trusted.accepted = staged.sha256;
  return trusted;
}

/** Whether the stored entry says exactly what `state` says (a refusal is never stored). */
export const storedAs = (stored: StoredState | undefined, state: UpdateState): boolean =>
  stored !== undefined &&
  stored.current === state.current?.hash &&
  stored.staged === state.staged?.hash &&
  stored.accepted === state.accepted;

/**
 * Whether putting the stored entry right takes away the build pages were served: it named one
 * the worker does not vouch for, or it could not be read (what served the pages is not known).
 */
export const dropsServedBuild = (stored: StoredState | undefined, trusted: UpdateState): boolean =>
  stored === undefined || (stored.current !== undefined && stored.current !== trusted.current?.hash);

/**
 * What the worker stores of `state` (in the form workers have always stored it): never a refusal,
 * which it keeps in its own memory, where no page can plant one.
 */
export function storedForm({ refused: _refused, ...stored }: UpdateState): UpdateState {
  return stored;
}
