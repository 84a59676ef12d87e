// Settings storage whose writes can be held, as a slow disk holds them (e2e/support/slowStorage
// does the same in a browser): while held, every write waits, and release() lets them through,
// or fail() makes them fail as a full or refused storage does.

import type { SettingsSchema } from '../core/session/settingsSchema';
import { type KeyValueStore, memoryKeyValueStore } from '../core/storage/keyValueStore';

export function heldStorage() {
  const stored = memoryKeyValueStore<SettingsSchema>();
  let gate: { promise: Promise<void>; open(): void; shut(error: Error): void } | undefined;
  const waiting = () => gate?.promise ?? Promise.resolve();
  const settings: KeyValueStore<SettingsSchema> = {
    get: (key) => stored.get(key),
    set: async (key, value) => {
      await waiting();
      return stored.set(key, value);
    },
    update: async (key, change) => {
      await waiting();
      return stored.update(key, change);
    },
    delete: async (key) => {
      await waiting();
      return stored.delete(key);
    },
  };
  return {
    settings,
    /** From now on, writes wait for release() or fail(). */
    hold() {
      let open = () => {};
      let shut = (_: Error) => {};
      const promise = new Promise<void>((resolve, reject) => {
        open = resolve;
        shut = reject;
      });
      promise.catch(() => undefined);
      gate = { promise, open, shut };
    },
    /** The writes held so far go through, and the next ones at once. */
    release() {
      gate?.open();
      gate = undefined;
    },
    /** The writes held so far fail (the storage is full), the next ones go through. */
    fail() {
      gate?.shut(new DOMException('The storage is full.', 'QuotaExceededError'));
      gate = undefined;
    },
  };
}
