import { useEffect } from 'react';
import { createAutoLock } from '@/core/vault/autoLock';
import { useSession } from '@/lib/session';
import { useVault, useVaultSession } from '@/lib/vault';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Locks the vault after the configured minutes without input, while it is unlocked. */
export function useAutoLock(): void {
  const session = useVaultSession();
  const unlocked = useVault((s) => s.status === 'unlocked');
  const minutes = useSession((s) => s.autoLockMinutes);

  useEffect(() => {
    if (!unlocked) return;
    const autoLock = createAutoLock({ minutes, onIdle: () => session.lock('idle') });
    const touch = () => autoLock.touch();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, touch, { passive: true, capture: true });
    autoLock.start();
    return () => {
      autoLock.stop();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, touch, { capture: true });
    };
  }, [unlocked, minutes, session]);
}
