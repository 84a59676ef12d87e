import { useEffect } from 'react';
import { createAutoLock } from '@/core/vault/autoLock';
import { useSession } from '@/lib/stores/session';
import { useVault, useVaultSession } from '@/lib/vault/vault';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Locks the vault, in every window, after the configured minutes without input in any window.
 * Input here restarts this window's timer and is reported to the vault host (every few seconds),
 * which tells the other windows; whichever window's timer runs out first locks the shared session.
 */
export function useAutoLock(): void {
  const session = useVaultSession();
  const unlocked = useVault((s) => s.status === 'unlocked');
  const minutes = useSession((s) => s.autoLockMinutes);

  useEffect(() => {
    void session.setAutoLockMinutes(minutes).catch(() => undefined);
  }, [session, minutes]);

  useEffect(() => {
    if (!unlocked) return;
    const autoLock = createAutoLock({ minutes, onIdle: () => void session.lock('idle') });
    const touch = () => {
      autoLock.touch();
      session.activity();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, touch, { passive: true, capture: true });
    const stopListening = session.onActivityElsewhere(() => autoLock.touch());
    autoLock.start();
    return () => {
      autoLock.stop();
      stopListening();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, touch, { capture: true });
    };
  }, [unlocked, minutes, session]);
}
