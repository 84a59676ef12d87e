import type { Broadcast } from '../channels';
import { SettingsError } from '../errors/settings';
import { storageFailureSentence } from '../errors/storageFailure';
import type { SyncedSetting } from '../settingDeclaration';
import type { KeyValueStore } from './keyValueStore';

/** Tells the other windows of the profile which shared setting changed (see core/channels). */
export type SettingsSync = Pick<Broadcast, 'post' | 'listen'>;

/**
 * The write engine shared by every synced setting. Each change is shown here at once (`show`) and
 * stored as a read-modify-write of the stored value (`KeyValueStore.update`), so two windows
 * changing a setting at the same moment both keep their change; the other windows are told to
 * re-read. While this window is writing a key, the state shows its newest change: storage's answer
 * to an older write would show an older value for a moment, and another window's value would show
 * and then be replaced by ours. What is stored is taken in once the key's last write has ended, so
 * a write that failed is put back then (and `onWriteFailed` called at once).
 */
export function syncedSettings<Schema extends Record<string, unknown>, K extends keyof Schema & string>(options: {
  declarations: { readonly [Key in K]: Pick<SyncedSetting<Key, Schema[Key], unknown>, 'initial' | 'read'> };
  settings: KeyValueStore<Schema>;
  sync?: SettingsSync;
  onWriteFailed?: (error: unknown) => void;
  /** A stored value could not be used (its SettingsError says which, in words): its initial value is shown. */
  onReadFailed?: (error: unknown) => void;
}) {
  const { settings, declarations } = options;
  const keys = Object.keys(declarations) as K[];
  const isKey = (value: unknown): value is K => (keys as unknown[]).includes(value);
  /** What is stored for a key, checked, or its initial value when nothing (or nothing usable) is. */
  const storedValue = <Key extends K>(key: Key, stored: unknown): Schema[Key] => {
    const declared = declarations[key];
    if (stored === undefined) return declared.initial;
    try {
      return declared.read(stored, options.onReadFailed);
    } catch (error) {
      options.onReadFailed?.(error);
      return declared.initial;
    }
  };
  /**
   * What a write builds on, without saying again what the read said. A value that cannot be read
   * at all throws (its SettingsError), so the write is refused and what is stored is kept.
   */
  const writableValue = <Key extends K>(key: Key, stored: unknown): Schema[Key] => {
    const declared = declarations[key];
    return stored === undefined ? declared.initial : declared.read(stored);
  };
  // Listening before the first reads: a change another window makes meanwhile is read again once
  // the store exists (a channel keeps no message for a listener that comes later).
  const heardEarly = new Set<K>();
  let hear = (key: K) => void heardEarly.add(key);
  options.sync?.listen((key) => {
    if (isKey(key)) hear(key);
  });
  let show: <Key extends K>(key: Key, value: Schema[Key]) => void = () => undefined;
  let current: <Key extends K>(key: Key) => Schema[Key] = () => {
    throw new Error('synced settings used before they were started');
  };

  /** Writes in flight, each resolving to the error it failed with, if any. */
  const pending = new Set<Promise<unknown>>();
  /** This window's writes in flight, per key. */
  const writing = new Map<K, number>();
  /** Changes made in this window, per key: a read begun before one is older than what it shows. */
  const changes = new Map<K, number>();
  /** Keys to read again when their last write ends: changed elsewhere, or by an older write, meanwhile. */
  const reread = new Set<K>();

  /**
   * Takes in what is stored for the key, unless this window has changed it since the read began:
   * that change's write ends later and shows what is stored then.
   */
  const takeStored = async <Key extends K>(key: Key) => {
    const asked = changes.get(key);
    const stored = await settings.get(key).catch(() => undefined);
    if (changes.get(key) === asked) show(key, storedValue(key, stored));
  };
  /** One of this window's writes of the key ended (with what it stored, unless it failed). */
  const writeEnded = async <Key extends K>(key: Key, stored: { value: Schema[Key] } | undefined) => {
    const left = (writing.get(key) ?? 1) - 1;
    if (left > 0) {
      writing.set(key, left);
      reread.add(key);
      return;
    }
    writing.delete(key);
    if (stored && !reread.has(key)) {
      show(key, stored.value);
    } else {
      reread.delete(key);
      await takeStored(key);
    }
  };

  return {
    /** Reads every key, checked, all at once (IndexedDB answers them in one round). */
    async restore(): Promise<Pick<Schema, K>> {
      const stored = await Promise.all(keys.map((key) => settings.get(key)));
      return Object.fromEntries(keys.map((key, i) => [key, storedValue(key, stored[i])])) as Pick<Schema, K>;
    },
    /** From now on, changes (here or elsewhere) are shown through `show`; takes in what was heard meanwhile. */
    start(state: {
      show<Key extends K>(key: Key, value: Schema[Key]): void;
      current<Key extends K>(key: Key): Schema[Key];
    }): void {
      show = state.show;
      current = state.current;
      // Another window changed a shared setting: take in what it stored (nothing is written back).
      hear = (key) => {
        if (writing.has(key)) reread.add(key);
        else void takeStored(key);
      };
      for (const key of heardEarly) hear(key);
    },
    /** Changes a setting here now, and in storage on top of whatever is stored by then. */
    change<Key extends K>(key: Key, fn: (value: Schema[Key]) => Schema[Key]): void {
      show(key, fn(current(key)));
      writing.set(key, (writing.get(key) ?? 0) + 1);
      changes.set(key, (changes.get(key) ?? 0) + 1);
      const write: Promise<unknown> = settings
        .update(key, (stored) => fn(writableValue(key, stored)))
        .then(
          async (stored) => {
            options.sync?.post(key);
            await writeEnded(key, { value: stored });
            return undefined;
          },
          async (error: unknown) => {
            // A refused write (what is stored cannot be read) is said when it is read again, below.
            if (!(error instanceof SettingsError)) options.onWriteFailed?.(error);
            await writeEnded(key, undefined);
            return error ?? new Error('write failed');
          },
        )
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    /** Counts a write that is not a synced setting's (it fails in silence) until it ends. */
    track(write: Promise<unknown>): void {
      const tracked: Promise<unknown> = write.then(
        () => undefined,
        () => undefined,
      );
      const done = tracked.finally(() => pending.delete(done));
      pending.add(done);
    },
    /**
     * Resolves once every change made so far is stored (so "Saved." is only said when it is true);
     * throws SETTINGS_STORAGE_FAILED, in words, when one of them could not be stored, or
     * SETTINGS_DAMAGED when it was refused because what is stored cannot be read.
     */
    async whenSaved(): Promise<void> {
      const failure = (await Promise.all([...pending])).find((outcome) => outcome !== undefined);
      if (failure instanceof SettingsError) throw failure;
      if (failure !== undefined) {
        throw new SettingsError('SETTINGS_STORAGE_FAILED', storageFailureSentence(failure, 'thisChange'), {
          cause: failure,
        });
      }
    },
  };
}
