import { type Message, msg } from '../i18n/message';
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
  customTokens: msg('core.keys:settings.name.customTokens'),
  hiddenTokens: msg('core.keys:settings.name.hiddenTokens'),
  explorers: msg('core.keys:settings.name.explorers'),
  nftMedia: msg('core.keys:settings.name.nftMedia'),
  savedAbis: msg('core.keys:settings.name.savedAbis'),
} satisfies Record<string, Message>;

export type CheckedSetting = keyof typeof SETTING_NAMES;

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
  throw new SettingsError('SETTINGS_DAMAGED', msg('core.keys:settings.damaged', { setting: SETTING_NAMES[setting] }));
}

/** A plain object (not an array, not null): the form of every stored map of settings. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list whose every item passes `isItem`. */
export function isListOf<T>(value: unknown, isItem: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every(isItem);
}

/** A map (per network id, say) whose every value passes `isItem`. */
export function isRecordOf<T>(value: unknown, isItem: (item: unknown) => item is T): value is Record<string, T> {
  return isRecord(value) && Object.values(value).every(isItem);
}
