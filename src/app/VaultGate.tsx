import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import type { VaultStatus } from '@/core/vault/vaultSession';
import type { OnboardingMode } from '@/features/onboarding/types';
import { useVault } from '@/lib/vault';
import { screens } from './paths';
import { preloadScreen } from './routes/screenModules';
import { loadUnlockedChrome } from './unlockedChromeLoader';

type GateScreens = {
  Onboarding?: ComponentType<{ mode: OnboardingMode }>;
  UnlockScreen?: ComponentType;
};

const loaded: GateScreens = {};
const loadOnboarding = () =>
  import('@/features/onboarding/Onboarding').then((m) => {
    loaded.Onboarding = m.Onboarding;
    return { default: m.Onboarding };
  });
const loadUnlock = () =>
  import('@/features/unlock/UnlockScreen').then((m) => {
    loaded.UnlockScreen = m.UnlockScreen;
    return { default: m.UnlockScreen };
  });
const LazyOnboarding = lazy(loadOnboarding);
const LazyUnlock = lazy(loadUnlock);

/**
 * Loads the screen the gate is about to show, before the first render. A lazy component that
 * suspends makes React 19 hold its fallback for up to 300 ms; a loaded one renders at once.
 */
export async function preloadGateScreen(status: VaultStatus, pathname: string): Promise<void> {
  if (status === 'empty' || status === 'damaged' || status === 'newer') await loadOnboarding();
  if (status === 'locked') await loadUnlock();
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
    // Once unlocked, have the unlock screen ready for the next lock; while locked, have the
    // screen behind it ready for when the password is in.
    if (status === 'unlocked') void loadUnlock();
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
    const Onboarding = loaded.Onboarding ?? LazyOnboarding;
    content = <Onboarding mode="first-run" />;
  } else if (status === 'locked') {
    const UnlockScreen = loaded.UnlockScreen ?? LazyUnlock;
    content = <UnlockScreen />;
  } else content = children;
  return <Suspense fallback={<p>Loading…</p>}>{content}</Suspense>;
}
