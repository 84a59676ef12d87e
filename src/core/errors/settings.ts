import { CairnError } from './base';

export const SETTINGS_ERROR_CODES = ['SETTINGS_STORAGE_FAILED'] as const;

export type SettingsErrorCode = (typeof SETTINGS_ERROR_CODES)[number];

/** A problem keeping the person's settings. */
export class SettingsError extends CairnError<SettingsErrorCode> {
  override readonly name = 'SettingsError';
}
