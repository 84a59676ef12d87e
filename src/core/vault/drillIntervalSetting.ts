import type { SyncedSetting } from '../settingDeclaration';
import { DEFAULT_DRILL_DAYS, isDrillDays } from './recoveryDrills';

/** Days between recovery drills, one of DRILL_DAY_CHOICES (DRILLS_OFF: the person turned them off). */
export const drillIntervalSetting = {
  key: 'recoveryDrillDays' as const,
  initial: DEFAULT_DRILL_DAYS as number,
  read: (stored: unknown): number => (isDrillDays(stored) ? stored : DEFAULT_DRILL_DAYS),
  actions: (change: (fn: (days: number) => number) => void) => ({
    setRecoveryDrillDays(days: number): void {
      if (isDrillDays(days)) change(() => days);
    },
  }),
} satisfies SyncedSetting<'recoveryDrillDays', number, object>;
