import type { SyncedSetting } from '../settingDeclaration';

/** The language chosen in Settings: a locale tag Cairn ships, or 'browser' (follow the browser). */
export const languageSetting = {
  key: 'language' as const,
  initial: 'browser',
  read: (stored: unknown): string => (typeof stored === 'string' && stored !== '' ? stored : 'browser'),
  actions: (change: (fn: (choice: string) => string) => void) => ({
    /** The language chosen in Settings (a locale tag of src/lib/i18n, or 'browser'). */
    setLanguage(choice: string): void {
      change(() => choice);
    },
  }),
} satisfies SyncedSetting<'language', string, object>;
