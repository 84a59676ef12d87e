import type { Catalogs } from '@/lib/i18n';

/** The catalogs each part of this feature that the app shows needs, beside the shell's and core's. */
export const catalogs = {
  SmartAccountScreen: ['smartAccount'],
  /** Shown on each account of the Accounts screen. */
  SmartAccountSummary: ['smartAccount'],
} as const satisfies Catalogs;
