import type { Catalogs } from '@/lib/i18n';

/** The catalogs each part of this feature that the app shows needs, beside the shell's and core's. */
export const catalogs = {
  SendScreen: ['send', 'review', 'network'],
} as const satisfies Catalogs;
