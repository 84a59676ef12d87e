import { type Message, msg } from '../i18n/message';
import { isRecord } from '../text/guards';
import { CairnError } from './base';

export const SETTINGS_ERROR_CODES = ['SETTINGS_STORAGE_FAILED', 'SETTINGS_DAMAGED'] as const;

export type SettingsErrorCode = (typeof SETTINGS_ERROR_CODES)[number];

/** A problem keeping the person's settings. */
export class SettingsError extends CairnError<SettingsErrorCode> {
  override readonly name = 'SettingsError';
}

/** The settings whose stored form is checked when read, as the person knows them. */
const SETTING_NAMES = {
  addressBook: msg('core.keys:settings.name.addressBook'),
  networks: msg('core.keys:settings.name.networks'),
  followedNetworks: msg('core.keys:settings.name.followedNetworks'),
  customTokens: msg('core.keys:settings.name.customTokens'),
  hiddenTokens: msg('core.keys:settings.name.hiddenTokens'),
  explorers: msg('core.keys:settings.name.explorers'),
  nftMedia: msg('core.keys:settings.name.nftMedia'),
  savedAbis: msg('core.keys:settings.name.savedAbis'),
  safeTransactions: msg('core.keys:settings.name.safeTransactions'),
  verification: msg('core.keys:settings.name.verification'),
} satisfies Record<string, Message>;

export type CheckedSetting = keyof typeof SETTING_NAMES;

/** The words for a stored setting this version cannot read at all (see checkedSetting). */
function damaged(setting: CheckedSetting): SettingsError {
  return new SettingsError('SETTINGS_DAMAGED', msg('core.keys:settings.damaged', { setting: SETTING_NAMES[setting] }));
}

/**
 * What was stored for a setting, once `isValid` has checked its form; a value that fails (damaged,
 * or saved in a form this version does not know) throws SETTINGS_DAMAGED, naming the setting.
 */
export function checkedSetting<T>(
  setting: CheckedSetting,
  stored: unknown,
  isValid: (value: unknown) => value is T,
): T {
  if (isValid(stored)) return stored;
  throw damaged(setting);
}

/** Reads a stored list or map item by item, counting the items it leaves out. */
export class SoundItems {
  dropped = 0;

  /** The list's sound items, or undefined when it is not a list. */
  list<T>(value: unknown, isItem: (item: unknown) => item is T): T[] | undefined {
    if (!Array.isArray(value)) return undefined;
    const sound = value.filter(isItem);
    this.dropped += value.length - sound.length;
    return sound;
  }

  /** The map's entries that `readItem` can read, or undefined when it is not a map. */
  record<T>(value: unknown, readItem: (item: unknown) => T | undefined): Record<string, T> | undefined {
    if (!isRecord(value)) return undefined;
    const sound: Record<string, T> = {};
    for (const [key, item] of Object.entries(value)) {
      const read = readItem(item);
      if (read === undefined) this.dropped += 1;
      else sound[key] = read;
    }
    return sound;
  }
}

/**
 * A stored list or map setting, read item by item (`read` returns undefined when the value as a
 * whole cannot be read: that throws SETTINGS_DAMAGED). Sound items are kept; when some were left
 * out, `dropped` is told so, naming the setting.
 */
export function checkedItems<T>(
  setting: CheckedSetting,
  read: (items: SoundItems) => T | undefined,
  dropped?: (error: SettingsError) => void,
): T {
  const items = new SoundItems();
  const value = read(items);
  if (value === undefined) throw damaged(setting);
  if (items.dropped > 0) {
    dropped?.(
      new SettingsError(
        'SETTINGS_DAMAGED',
        msg('core.keys:settings.itemsDropped', { setting: SETTING_NAMES[setting] }),
      ),
    );
  }
  return value;
}

/** A list whose every item passes `isItem`. */
export function isListOf<T>(value: unknown, isItem: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every(isItem);
}
