import type { Catalogs } from '@/lib/i18n';

/** The catalogs each part of this feature that the app shows needs, beside the shell's and core's. */
export const catalogs = {
  Onboarding: ['onboarding'],
  // Loaded lazily from Onboarding: its Safe's facts in the Safe screen's words.
  AddSafeFlow: ['onboarding', 'safe'],
  // Loaded lazily from CreateFlow: the shares' scheme, sheets and checks.
  CreateSharesFlow: ['onboarding', 'shares'],
  // Loaded lazily from Onboarding: the shares entered, in the words the drills use too.
  RestoreSharesFlow: ['onboarding', 'shares'],
} as const satisfies Catalogs;
