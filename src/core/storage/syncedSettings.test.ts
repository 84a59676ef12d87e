// The engine on its own, with a setting declared here as a domain would: what any setting gets
// from it, whichever domain declares it.
import { describe, expect, it } from 'vitest';
import { settingsChannels } from '../../testing/settingsWindows';
import { checkedItems, type SettingsError } from '../errors/settings';
import { memoryKeyValueStore } from './keyValueStore';
import { syncedSettings } from './syncedSettings';

type Schema = { tally: number[] };

const isNumber = (value: unknown): value is number => typeof value === 'number';

const tallySetting = {
  initial: [] as number[],
  read: (stored: unknown, dropped?: (error: SettingsError) => void): number[] =>
    checkedItems('savedAbis', (items) => items.list(stored, isNumber), dropped),
};

/** A window: the engine and the value it shows. */
async function openWindow(
  settings = memoryKeyValueStore<Schema>(),
  sync = settingsChannels()(),
  writeFailures: unknown[] = [],
) {
  const readFailures: unknown[] = [];
  const engine = syncedSettings<Schema, 'tally'>({
    declarations: { tally: tallySetting },
    settings,
    sync,
    onReadFailed: (error) => readFailures.push(error),
    onWriteFailed: (error) => writeFailures.push(error),
  });
  const shown = { ...(await engine.restore()) };
  engine.start({
    show: (key, value) => {
      shown[key] = value;
    },
    current: (key) => shown[key],
  });
  return { engine, shown, readFailures };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('synced settings', () => {
  it('shows a change at once, stores it on top of what is stored, and tells the other windows', async () => {
    const settings = memoryKeyValueStore<Schema>({ tally: [1] });
    const channels = settingsChannels();
    const a = await openWindow(settings, channels());
    const b = await openWindow(settings, channels());
    a.engine.change('tally', (t) => [...t, 2]);
    expect(a.shown.tally).toEqual([1, 2]);
    await a.engine.whenSaved();
    expect(await settings.get('tally')).toEqual([1, 2]);
    await tick();
    expect(b.shown.tally).toEqual([1, 2]);
  });

  it('shows the initial value for what it cannot use, says so once, and refuses to write over it', async () => {
    const settings = memoryKeyValueStore<Schema>({ tally: 'damaged' as unknown as number[] });
    const writeFailures: unknown[] = [];
    const a = await openWindow(settings, undefined, writeFailures);
    expect(a.shown.tally).toEqual([]);
    expect(a.readFailures).toMatchObject([{ code: 'SETTINGS_DAMAGED' }]);
    a.engine.change('tally', (t) => [...t, 3]);
    expect(a.shown.tally).toEqual([3]);
    await expect(a.engine.whenSaved()).rejects.toMatchObject({ code: 'SETTINGS_DAMAGED' });
    expect(await settings.get('tally')).toBe('damaged');
    // Shown as stored again, said where it is read again, never as a storage failure.
    expect(a.shown.tally).toEqual([]);
    expect(a.readFailures).toHaveLength(2);
    expect(writeFailures).toEqual([]);
  });

  it('keeps the sound items of a partly damaged value, says so once, and a change keeps them', async () => {
    const settings = memoryKeyValueStore<Schema>({ tally: [1, 'two', 3] as unknown as number[] });
    const a = await openWindow(settings);
    expect(a.shown.tally).toEqual([1, 3]);
    expect(a.readFailures).toMatchObject([{ code: 'SETTINGS_DAMAGED' }]);
    a.engine.change('tally', (t) => [...t, 4]);
    await a.engine.whenSaved();
    expect(await settings.get('tally')).toEqual([1, 3, 4]);
    expect(a.shown.tally).toEqual([1, 3, 4]);
    expect(a.readFailures).toHaveLength(1);
  });

  it('whenSaved waits for a write that is not a setting’s, and a failed write says so in words', async () => {
    const inner = memoryKeyValueStore<Schema>();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = await openWindow({
      ...inner,
      update: async () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    let saved = false;
    a.engine.track(held);
    const done = a.engine.whenSaved().then(() => (saved = true));
    await tick();
    expect(saved).toBe(false);
    release();
    await done;
    a.engine.change('tally', () => [4]);
    await expect(a.engine.whenSaved()).rejects.toMatchObject({ code: 'SETTINGS_STORAGE_FAILED' });
    expect(a.shown.tally).toEqual([]);
  });
});
