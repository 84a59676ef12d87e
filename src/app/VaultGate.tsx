import { lazy, Suspense, useEffect, useState } from 'react';
import { ScreenSkeleton } from '@/components/Skeleton';
import { Toasts } from '@/components/Toasts';
import type { VaultStatus } from '@/core/vault/vaultState';
import { LocalChainNotice } from '@/features/network/LocalChainNotice';
import { Onboarding } from '@/features/onboarding/Onboarding';
import { UnlockScreen } from '@/features/unlock/UnlockScreen';
import { catalogs as update } from '@/features/update/catalogs';
import { useT, withNamespaces } from '@/lib/i18n';
import { useVault } from '@/lib/vault/vault';
import { afterFirstScreen } from './afterFirstScreen';
import { useChainWatch } from './chainWatchLoader';
import { Shell } from './Shell';
import styles from './Shell.module.css';
import { preloadUnlocked, unlockedApp } from './unlockedAppLoader';
import { useAutoLock } from './useAutoLock';

const LazyUnlockedApp = lazy(() => unlockedApp.load().then((m) => ({ default: m.UnlockedApp })));
/** The update bar has nothing to say before the service worker (registered after load) speaks: not in the start-up chunk. */
const UpdateNotice = lazy(() =>
  withNamespaces(import('@/features/update/UpdateNotice'), update.UpdateNotice).then((m) => ({
    default: m.UpdateNotice,
  })),
);

/**
 * Shows set-up while there is no vault, the unlock screen while locked, the wallet once unlocked.
 * Set-up and unlock are in the start-up chunk; the wallet loads in its own.
 */
export function VaultGate() {
  const t = useT();
  const status = useVault((s) => s.status);
  const chain = useChainWatch();
  useAutoLock();
  useEffect(() => {
    if (status === 'unlocked') return;
    // Have the wallet and the screen asked for ready for when it opens, after the first screen
    // is up rather than competing with it.
    const timer = setTimeout(() => void preloadUnlocked(), 1_000);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <>
      <button type="button" className={styles.skipLink} onClick={skipToMain}>
        {t('common:shell.skipToContent')}
      </button>
      <LaterUpdateNotice />
      <LocalChainNotice />
      {status === 'unlocked' ? <Unlocked /> : <Shell>{gateScreen(status, t('common:shell.openingCairn'))}</Shell>}
      <Toasts />
      {chain && <chain.ChainTracker />}
    </>
  );
}

/**
 * The update bar, once the first screen is up (the worker registers then too). Its own component: a state change here must not re-render the gate, whose unlocked
 * branch would then mount the wallet afresh.
 */
function LaterUpdateNotice() {
  const [shown, setShown] = useState(false);
  useEffect(() => afterFirstScreen(() => setShown(true)), []);
  return shown ? (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  ) : null;
}

function gateScreen(status: Exclude<VaultStatus, 'unlocked'>, openingLabel: string) {
  if (status === 'loading') return <ScreenSkeleton label={openingLabel} />;
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      {status === 'locked' ? <UnlockScreen /> : <Onboarding mode="first-run" />}
    </Suspense>
  );
}

function Unlocked() {
  const t = useT();
  // Decided once per unlock: the gate re-renders later (the chain watch's code, words arriving),
  // and turning the lazy component into the loaded one then would mount the whole wallet afresh
  // (screens' state, open menus, focus), as a busy machine's order of arrival made it do.
  const [UnlockedApp] = useState(() => unlockedApp.loaded()?.UnlockedApp);
  if (UnlockedApp) return <UnlockedApp />;
  return (
    <Suspense
      fallback={
        <Shell>
          <ScreenSkeleton label={t('common:shell.openingWallet')} />
        </Shell>
      }
    >
      <LazyUnlockedApp />
    </Suspense>
  );
}

/** A button, not a "#main" link: with hash routing a fragment link would change the route. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
