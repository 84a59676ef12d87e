import { type Message, msg } from '../i18n/message';

/** Why a write to the browser's storage failed, in the terms a person can act on. */
export type StorageFailure = 'full' | 'unavailable';

/** Classifies an error thrown by IndexedDB (or a storage fake) during a write. */
export function storageFailure(error: unknown): StorageFailure {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'QuotaExceededError' ? 'full' : 'unavailable';
}

/** What was being saved when a write failed: the vault, or a change (to the vault, or to a setting). */
export type UnsavedThing = 'vault' | 'theChange' | 'thisChange';

const FAILED_WRITES: Record<UnsavedThing, Record<StorageFailure, Message>> = {
  vault: { full: msg('core.keys:storage.full.vault'), unavailable: msg('core.keys:storage.refused.vault') },
  theChange: {
    full: msg('core.keys:storage.full.theChange'),
    unavailable: msg('core.keys:storage.refused.theChange'),
  },
  thisChange: {
    full: msg('core.keys:storage.full.thisChange'),
    unavailable: msg('core.keys:storage.refused.thisChange'),
  },
};

/** The sentence for a failed write of `what`. */
export function storageFailureSentence(error: unknown, what: UnsavedThing): Message {
  return FAILED_WRITES[what][storageFailure(error)];
}

/** The sentence for storage that could not be read at all. */
export const STORAGE_UNREADABLE_SENTENCE: Message = msg('core.keys:storage.unreadable');

/**
 * Why this browser's storage for Cairn cannot be opened at all. A database written by a newer
 * Cairn (IndexedDB's VersionError) is said so: this version must not touch it.
 */
export function storageUnavailableSentence(error: unknown): Message {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'VersionError' ? msg('core.keys:storage.newerVersion') : msg('core.keys:storage.unavailable');
}
