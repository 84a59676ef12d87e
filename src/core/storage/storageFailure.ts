/** Why a write to the browser's storage failed, in the terms a person can act on. */
export type StorageFailure = 'full' | 'unavailable';

/** Classifies an error thrown by IndexedDB (or a storage fake) during a write. */
export function storageFailure(error: unknown): StorageFailure {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'QuotaExceededError' ? 'full' : 'unavailable';
}

/** The sentence for a failed write; `what` names what was being saved ("the vault", "this setting"). */
export function storageFailureSentence(error: unknown, what: string): string {
  return storageFailure(error) === 'full'
    ? `This browser has no storage space left for Cairn, so ${what} could not be saved. Nothing was changed: free some space (or remove other sites' data) and try again.`
    : `The browser refused to save ${what}. Nothing was changed: try again, and if it keeps failing, reload Cairn.`;
}

/** The sentence for storage that could not be read at all. */
export const STORAGE_UNREADABLE_SENTENCE =
  'This browser could not read Cairn’s storage. Reload Cairn; if it keeps happening, the browser’s data for this site may be damaged: keep your recovery phrases and backups at hand.';

/**
 * Why this browser's storage for Cairn cannot be opened at all, in words. A database written by a
 * newer Cairn (IndexedDB's VersionError) is said so: this version must not touch it.
 */
export function storageUnavailableSentence(error: unknown): string {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'VersionError') {
    return 'This browser holds Cairn data saved by a newer version of Cairn, which this version cannot open. Nothing has been changed: open the newer version of Cairn you used before.';
  }
  return 'Cairn cannot open this browser’s storage for this site. Without it, keys you create or import would be lost when this window closes, so Cairn does not start. In a private window, open Cairn in a normal one; otherwise allow this site to store data, then reload.';
}
