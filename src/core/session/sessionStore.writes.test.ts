// Quick changes of one shared setting: the state shows the newest change until storage has them
// all, and never an older value in between (two quick changes of language once showed the first
// again, for a moment, before the second). What another window stores meanwhile, or while this
// one is still starting, is taken in without showing a value older than this window's own.
import { describe, expect, it } from 'vitest';
import { settingsChannels } from '../../testing/settingsWindows';
import { type KeyValueStore, memoryKeyValueStore } from '../storage/keyValueStore';
import { createSessionStore, type PersistedSettings } from './sessionStore';

const localRpcUrl = 'http://127.0.0.1:8545';

/** Settings whose writes wait until the test lets each one go, in any order. */
function heldSettings(inner = memoryKeyValueStore<PersistedSettings>()) {
  const held: (() => void)[] = [];
  const settings: KeyValueStore<PersistedSettings> = {
    ...inner,
    update: (key, change) =>
      new Promise((resolve, reject) => {
        held.push(() => inner.update(key, change).then(resolve, reject));
      }),
  };
  const release = async (index: number) => {
    held[index]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { settings, inner, release };
}

/** Every value of the language the store showed, in order. */
function languagesShown(store: Awaited<ReturnType<typeof createSessionStore>>): string[] {
  const seen: string[] = [];
  store.subscribe((state, before) => {
    if (state.language !== before.language) seen.push(state.language);
  });
  return seen;
}

describe('session store: quick changes of one setting', () => {
  it('shows each change once, in order, and ends with the last stored', async () => {
    const settings = memoryKeyValueStore<PersistedSettings>();
    const store = await createSessionStore({ localRpcUrl, settings });
    const seen = languagesShown(store);
    store.getState().setLanguage('de');
    store.getState().setLanguage('es');
    store.getState().setLanguage('en');
    await store.getState().whenSaved();
    expect(seen).toEqual(['de', 'es', 'en']);
    expect(store.getState().language).toBe('en');
    expect(await settings.get('language')).toBe('en');
  });

  it('keeps the newest change while storage answers the older writes, whatever their order', async () => {
    const { settings, inner, release } = heldSettings();
    const store = await createSessionStore({ localRpcUrl, settings });
    const seen = languagesShown(store);
    store.getState().setLanguage('de');
    store.getState().setLanguage('es');
    store.getState().setLanguage('en');
    await release(2);
    await release(0);
    expect(store.getState().language).toBe('en');
    await release(1);
    await store.getState().whenSaved();
    // Storage ran the writes in the order released, so it holds 'es': the store shows that only
    // once no write is left, never an older answer in between.
    expect(await inner.get('language')).toBe('es');
    expect(seen).toEqual(['de', 'es', 'en', 'es']);
  });

  it('takes in another window’s change once its own write has ended, not while it shows its own', async () => {
    const inner = memoryKeyValueStore<PersistedSettings>();
    const sync = settingsChannels();
    const held = heldSettings(inner);
    const a = await createSessionStore({ localRpcUrl, settings: held.settings, sync: sync() });
    const b = await createSessionStore({ localRpcUrl, settings: inner, sync: sync() });
    const seenInA = languagesShown(a);
    a.getState().setLanguage('es');
    b.getState().setLanguage('de');
    await b.getState().whenSaved();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(a.getState().language).toBe('es');
    await held.release(0);
    await a.getState().whenSaved();
    expect(await inner.get('language')).toBe('es');
    expect(seenInA).toEqual(['es']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(b.getState().language).toBe('es');
  });

  it('a failed write among quick ones ends showing what storage holds, and says so', async () => {
    const { settings, inner, release } = heldSettings(memoryKeyValueStore<PersistedSettings>({ language: 'de' }));
    const failing: KeyValueStore<PersistedSettings> = {
      ...settings,
      update: (key, change) =>
        (change as (stored: unknown) => unknown)('browser') === 'es'
          ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
          : settings.update(key, change),
    };
    const failures: unknown[] = [];
    const store = await createSessionStore({
      localRpcUrl,
      settings: failing,
      onWriteFailed: (error) => failures.push(error),
    });
    const seen = languagesShown(store);
    store.getState().setLanguage('en');
    store.getState().setLanguage('es');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failures).toHaveLength(1);
    expect(store.getState().language).toBe('es');
    await release(0);
    await store.getState().whenSaved();
    expect(await inner.get('language')).toBe('en');
    expect(seen).toEqual(['en', 'es', 'en']);
  });

  it('a value another window stored, read before a change of this window, is not shown after that change', async () => {
    const inner = memoryKeyValueStore<PersistedSettings>({ language: 'de' });
    let holdReads = false;
    let releaseRead = () => {};
    const settings: KeyValueStore<PersistedSettings> = {
      ...inner,
      get: async (key) => {
        const value = await inner.get(key);
        if (holdReads) await new Promise<void>((resolve) => (releaseRead = resolve));
        return value;
      },
    };
    const sync = settingsChannels();
    const store = await createSessionStore({ localRpcUrl, settings, sync: sync() });
    const otherWindow = sync();
    // Another window says it changed the language: this one reads 'de', and the answer is held.
    holdReads = true;
    otherWindow.post('language');
    await new Promise((resolve) => setTimeout(resolve, 0));
    holdReads = false;
    store.getState().setLanguage('es');
    await store.getState().whenSaved();
    releaseRead();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().language).toBe('es');
    expect(await inner.get('language')).toBe('es');
  });

  it('a change another window makes while this one is still reading its settings is taken in', async () => {
    const inner = memoryKeyValueStore<PersistedSettings>();
    let holding = true;
    let releaseReads = () => {};
    const reads = new Promise<void>((resolve) => (releaseReads = resolve));
    const settings: KeyValueStore<PersistedSettings> = {
      ...inner,
      get: async (key) => {
        const value = await inner.get(key);
        if (holding) await reads;
        return value;
      },
    };
    const sync = settingsChannels();
    const starting = createSessionStore({ localRpcUrl, settings, sync: sync() });
    await inner.set('language', 'de');
    sync().post('language');
    holding = false;
    releaseReads();
    const store = await starting;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().language).toBe('de');
  });
});
