import { type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import type { VaultStatus } from '@/core/vault/vaultSession';
import { Onboarding } from '@/features/onboarding/Onboarding';
import { UnlockScreen } from '@/features/unlock/UnlockScreen';
import { useVault } from '@/lib/vault';
import { screens } from './paths';
import { preloadScreen } from './routes/screenModules';
import { loadUnlockedChrome } from './unlockedChromeLoader';

/**
 * Before the first render of a window opened while unlocked, loads the wallet's chrome and the
 * screen asked for: a lazy component that suspends makes React 19 hold its fallback for up to
 * 300 ms; a loaded one renders at once. Set-up and unlock need nothing: they are in the start-up
 * chunk, so a cold start never waits for a second round trip.
 */
export async function preloadGateScreen(status: VaultStatus, pathname: string): Promise<void> {
  if (status === 'unlocked') {
    // A window opened while unlocked (a second tab, a popup) shows the whole wallet in its first paint.
    const entry = screens.find((s) => s.path === pathname);
    await Promise.all([loadUnlockedChrome(), entry ? preloadScreen(entry.id) : undefined]);
  }
}

/** Shows set-up while there is no vault, the unlock screen while locked, the app once unlocked. */
export function VaultGate({ children }: { children: ReactNode }) {
  const status = useVault((s) => s.status);
  const { pathname } = useLocation();
  useEffect(() => {
    // While locked or being set up, have the screen behind the gate ready for when it opens.
    if (status === 'locked' || status === 'empty') {
      const entry = screens.find((s) => s.path === pathname);
      // After the first screen is up, not competing with it.
      const timer = setTimeout(() => entry && void preloadScreen(entry.id), 1_000);
      return () => clearTimeout(timer);
    }
  }, [status, pathname]);
  let content: ReactNode;
  if (status === 'loading') content = <p>Loading…</p>;
  else if (status === 'empty' || status === 'damaged' || status === 'newer') {
    content = <Onboarding mode="first-run" />;
  } else if (status === 'locked') {
    content = <UnlockScreen />;
  } else content = children;
  return <Suspense fallback={<p>Loading…</p>}>{content}</Suspense>;
}
