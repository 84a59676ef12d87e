import type { Catalogs } from '@/lib/i18n';

/** The catalogs each part of this feature that the app shows needs, beside the shell's and core's. */
export const catalogs = {
  SettingsFrame: ['settings'],
  SettingsIndex: ['settings'],
  SecurityScreen: ['settings'],
  RecoveryScreen: ['settings', 'shares'],
  NetworksScreen: ['settings'],
  ExplorersScreen: ['settings'],
  NftImagesScreen: ['settings'],
  LanguageScreen: ['settings'],
  AboutScreen: ['settings'],
  BackupReminder: ['settings'],
} as const satisfies Catalogs;
