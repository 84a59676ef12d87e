import { lazy, type ReactNode, Suspense } from 'react';
import { useVault } from '@/lib/vault';

const Onboarding = lazy(() => import('@/features/onboarding/Onboarding').then((m) => ({ default: m.Onboarding })));
const UnlockScreen = lazy(() => import('@/features/unlock/UnlockScreen').then((m) => ({ default: m.UnlockScreen })));

/** Shows set-up while there is no vault, the unlock screen while locked, the app once unlocked. */
export function VaultGate({ children }: { children: ReactNode }) {
  const status = useVault((s) => s.status);
  let content: ReactNode;
  if (status === 'loading') content = <p>Loading…</p>;
  else if (status === 'empty' || status === 'damaged') content = <Onboarding mode="first-run" />;
  else if (status === 'locked') content = <UnlockScreen />;
  else content = children;
  return <Suspense fallback={<p>Loading…</p>}>{content}</Suspense>;
}
