import type { SyncedSetting } from '../settingDeclaration';
import { AUTO_LOCK_CHOICES, DEFAULT_AUTO_LOCK_MINUTES } from './autoLock';

function isAutoLockChoice(value: unknown): value is number {
  return (AUTO_LOCK_CHOICES as readonly unknown[]).includes(value);
}

/** Minutes without activity before the vault locks: one of AUTO_LOCK_CHOICES. */
export const autoLockSetting = {
  key: 'autoLockMinutes' as const,
  initial: DEFAULT_AUTO_LOCK_MINUTES as number,
  read: (stored: unknown): number => (isAutoLockChoice(stored) ? stored : DEFAULT_AUTO_LOCK_MINUTES),
  actions: (change: (fn: (minutes: number) => number) => void) => ({
    setAutoLockMinutes(minutes: number): void {
      if (isAutoLockChoice(minutes)) change(() => minutes);
    },
  }),
} satisfies SyncedSetting<'autoLockMinutes', number, object>;
