import { isMessage, type Message } from '../i18n/message.ts';
import { isRecord } from '../text/guards.ts';
import { BUILD_PATH, HEX_SHA256 } from './buildManifest.ts';
import type { Release, ReleaseProblem } from './releaseCheck';

/**
 * What Cairn's service worker knows about builds, and the messages between it and Cairn's pages.
 * The worker serves `current`; a newer build is downloaded and checked in the background and kept
 * as `staged` until the person accepts it and Cairn is locked (src/serviceWorker).
 */
export type UpdateState = {
  /** The build served to Cairn's pages (undefined until the first one is stored). */
  current?: Release | undefined;
  /** A newer build, every file downloaded and checked, waiting for the person. */
  staged?: Release | undefined;
  /** The staged build's hash once the person accepted it: installed at the next lock. */
  accepted?: string | undefined;
  /** The last build refused, and why: kept in the worker's memory only, never stored. */
  refused?: Refusal | undefined;
};

/**
 * A refused build and why, in two forms, because the state is sent to every Cairn page, also to
 * pages still running an older build:
 * - `reason`: words, always a string. Pages from before Cairn spoke other languages show it as it
 *   is, as a React child, and would crash on anything else. The service worker writes it, and a
 *   worker has no language (it serves every page, each may show another) and no catalogs, so the
 *   words are English (src/serviceWorker/refusalWords.ts), as those older pages are.
 * - `why`: the same as a Message, which newer pages word in their reader's language (see
 *   refusalReason). Absent in states sent by older workers, which have only `reason`.
 */
export type Refusal = Release & { reason: string; why?: Message | undefined };

/** Words for a refusal's `reason`, in states that are sent (the service worker's English). */
export type RefusalWords = (why: ReleaseProblem) => string;

export const UPDATE_MESSAGE = 'cairn-update';
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The worker's caches, named after its scope (the folder of sw.js), so two copies of Cairn on one
 * origin never prune each other's builds: the state (one JSON entry) and one cache per build.
 */
export function updateCaches(scope: string) {
  const prefix = `cairn:${new URL(scope).pathname}:`;
  return {
    state: `${prefix}update-state`,
    stateEntry: new URL('cairn-update-state.json', scope).href,
    /** Set by an installing worker that dropped the build pages ran: the activated one reloads them. */
    reloadEntry: new URL('cairn-update-reload.json', scope).href,
    buildPrefix: `${prefix}build:`,
    build: (hash: string) => `${prefix}build:${hash}`,
  };
}

/** From a page to the worker. */
export type UpdateRequest =
  | { tag: typeof UPDATE_MESSAGE; action: 'check' }
  | { tag: typeof UPDATE_MESSAGE; action: 'accept' | 'apply'; hash: string };

/**
 * Whether the worker serves only builds a publisher key signed (`key`: that key's fingerprint), or
 * runs unsigned: its sw.js was built without a key, and nothing ties the build it serves to anyone.
 */
export type Signing = { mode: 'signed'; key: string } | { mode: 'unsigned' };

/**
 * From the worker to a page: the state (after any change, and as the answer to every request), or
 * "reload now". Workers from before signed builds send no `signing`.
 */
export type UpdateNews =
  | {
      tag: typeof UPDATE_MESSAGE;
      type: 'state';
      state: UpdateState;
      deferred?: ApplyDeferral | undefined;
      signing?: Signing | undefined;
    }
  | { tag: typeof UPDATE_MESSAGE; type: 'reload' };

/** Why the worker did not install an accepted build when asked. */
export type ApplyDeferral = 'dapp-window' | 'not-accepted';

export function isUpdateRequest(value: unknown): value is UpdateRequest {
  if (!isRecord(value) || value.tag !== UPDATE_MESSAGE) return false;
  if (value.action === 'check') return true;
  return (value.action === 'accept' || value.action === 'apply') && typeof value.hash === 'string';
}

export const isSigning = (value: unknown): value is Signing =>
  isRecord(value) &&
  (value.mode === 'unsigned' ||
    (value.mode === 'signed' && typeof value.key === 'string' && HEX_SHA256.test(value.key)));

export function isUpdateNews(value: unknown): value is UpdateNews {
  if (!isRecord(value) || value.tag !== UPDATE_MESSAGE) return false;
  return value.type === 'reload' || (value.type === 'state' && isRecord(value.state));
}

/**
 * The state once a build has been checked: the first one stored is served; a later one is staged
 * for the person (a refusal shown before is then forgotten). A refused build is remembered, so it
 * is not downloaded again, but only while there is a build to serve: without one, the next check
 * tries again.
 */
export function afterCheck(
  state: UpdateState,
  release: Release,
  outcome: { ok: true } | { ok: false; refused: boolean; reason: ReleaseProblem },
  words: RefusalWords,
): UpdateState {
  if (outcome.ok) return state.current ? { current: state.current, staged: release } : { current: release };
  return outcome.refused
    ? { ...state, refused: { ...release, reason: words(outcome.reason), why: outcome.reason } }
    : state;
}

/** A code value (a path, a key) whose text matches `pattern`. */
const isCode = (value: unknown, pattern: RegExp): boolean =>
  isRecord(value) && value.kind === 'code' && typeof value.text === 'string' && pattern.test(value.text);

/** Whether `value` is one of the refusals, with the values it takes and no other: nothing else is worded as one. */
export function isReleaseProblem(value: unknown): value is ReleaseProblem {
  if (!isMessage(value) || (value.values !== undefined && !isRecord(value.values))) return false;
  const values: Record<string, unknown> = value.values ?? {};
  const names = Object.keys(values);
  switch (value.id) {
    case 'core.keys:release.listing':
      return names.length === 0;
    case 'core.keys:release.download':
    case 'core.keys:release.mismatch':
      return names.length === 1 && isCode(values.path, BUILD_PATH);
    case 'core.keys:release.unsigned':
      return names.length === 1 && isCode(values.key, HEX_SHA256);
    default:
      return false;
  }
}

/**
 * Why a build was refused, as a page shows it: the refusal where the worker sent one (worded in
 * the reader's language), only ever one of the four with values of their form; else the words of
 * a worker from before refusals came as Messages.
 */
export function refusalReason(refused: Refusal): Message | string {
  const { why, reason } = refused as { why?: unknown; reason?: unknown };
  if (isReleaseProblem(why)) return why;
  return why === undefined && typeof reason === 'string' ? reason : '';
}

/** The state once the server offers `hash` again: a staged build it withdrew (offering the served one) is dropped. */
export function afterOffer(state: UpdateState, hash: string): UpdateState {
  return state.staged && hash === state.current?.hash ? { current: state.current, refused: state.refused } : state;
}

/** Whether a build the server now offers needs downloading: not the one served, staged or refused. */
export const isNewRelease = (state: UpdateState, hash: string): boolean =>
  hash !== state.current?.hash &&
  hash !== state.staged?.hash &&
  // Without a build to serve, a refused one is tried again (the server may have been mid-deploy).
  (hash !== state.refused?.hash || !state.current);

/** The state once the accepted build is installed: it is served from now on. */
export function afterApply(state: UpdateState): UpdateState {
  return state.staged ? { current: state.staged } : state;
}

/** Why the worker must not install `hash` now, or undefined when it may. */
export function applyRefusal(state: UpdateState, hash: string, siteWindowOpen: boolean): ApplyDeferral | undefined {
  if (state.accepted !== hash || state.staged?.hash !== hash) return 'not-accepted';
  return siteWindowOpen ? 'dapp-window' : undefined;
}
