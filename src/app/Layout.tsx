import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Toasts } from '@/components/Toasts';
import { LocalChainNotice } from '@/features/network/LocalChainNotice';
import { NetworkProblem } from '@/features/network/NetworkProblem';
import { NetworkSelector } from '@/features/network/NetworkSelector';
import { NetworkStatus } from '@/features/network/NetworkStatus';
import { useVault } from '@/lib/vault';
import styles from './Layout.module.css';
import { screens } from './paths';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { loadedUnlockedChrome, loadUnlockedChrome } from './unlockedChromeLoader';
import { useAutoLock } from './useAutoLock';
import { useTransactionTracker } from './useTransactionTracker';

import { VaultGate } from './VaultGate';

const LazyUnlockedHeader = lazy(() => loadUnlockedChrome().then((m) => ({ default: m.UnlockedHeader })));
const LazyBackgroundSync = lazy(() => loadUnlockedChrome().then((m) => ({ default: m.BackgroundSync })));
const LazyUnlockedNotices = lazy(() => loadUnlockedChrome().then((m) => ({ default: m.UnlockedNotices })));

/** The frame around every screen; `children` are the screens, shown once the gate lets them. */
export function Layout({ children }: { children: ReactNode }) {
  const unlocked = useVault((s) => s.status === 'unlocked');
  const location = useLocation();
  const chrome = loadedUnlockedChrome();
  const UnlockedHeader = chrome?.UnlockedHeader ?? LazyUnlockedHeader;
  const BackgroundSync = chrome?.BackgroundSync ?? LazyBackgroundSync;
  const UnlockedNotices = chrome?.UnlockedNotices ?? LazyUnlockedNotices;
  useAutoLock();
  useTransactionTracker();
  useEffect(() => {
    // Ready before the person unlocks, without competing with the first screen.
    const timer = setTimeout(() => void loadUnlockedChrome(), 1_000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={styles.shell}>
      <button type="button" className={styles.skipLink} onClick={skipToMain}>
        Skip to content
      </button>
      <header className={styles.header}>
        <span className={styles.brand}>Cairn</span>
        <NetworkSelector />
        <NetworkStatus />
        {unlocked && (
          <Suspense fallback={null}>
            <UnlockedHeader />
            <BackgroundSync />
          </Suspense>
        )}
      </header>
      {unlocked && (
        <nav className={styles.nav} aria-label="Main">
          <ul>
            {screens
              .filter((s) => s.inNav)
              .map((s) => (
                <li key={s.id}>
                  <NavLink to={s.path} end={s.path === '/'}>
                    {s.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      )}
      <main id="main" className={styles.main} tabIndex={-1}>
        <NetworkProblem />
        <LocalChainNotice />
        {unlocked && (
          <Suspense fallback={null}>
            <UnlockedNotices />
          </Suspense>
        )}
        <VaultGate>
          <ScreenErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>
          </ScreenErrorBoundary>
        </VaultGate>
      </main>
      <Toasts />
    </div>
  );
}

/** A button, not a "#main" link: with hash routing a fragment link would change the route. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
