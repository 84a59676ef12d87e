import type { SettingsError } from './errors/settings';

/**
 * One setting as its domain declares it, beside the domain's code (e.g.
 * core/addressBook/addressBookSetting.ts), for the one engine that stores and shares them all
 * (core/storage/syncedSettings.ts): its key in the settings store, its value before anything was
 * saved, the check of what is stored, and the actions that change it. It sits in core's base tier
 * so every domain can declare its setting against it.
 */
export type SyncedSetting<K extends string, T, A> = {
  key: K;
  initial: T;
  /**
   * What is stored (never undefined), checked: throws a SettingsError, in words, when it cannot be
   * used at all. A list or map keeps its sound items and tells `dropped` when it left some out.
   */
  read(stored: unknown, dropped?: (error: SettingsError) => void): T;
  /** The setting's actions, given the way to change it and its value as this window shows it. */
  actions(change: (fn: (current: T) => T) => void, current: () => T): A;
};
