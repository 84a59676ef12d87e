import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LocalChainNotice } from '@/features/network/LocalChainNotice';
import { NetworkProblem } from '@/features/network/NetworkProblem';
import { NetworkSelector } from '@/features/network/NetworkSelector';
import { NetworkStatus } from '@/features/network/NetworkStatus';
import styles from './Layout.module.css';
import { screens } from './paths';

export function Layout() {
  return (
    <div className={styles.shell}>
      <button type="button" className={styles.skipLink} onClick={skipToMain}>
        Skip to content
      </button>
      <header className={styles.header}>
        <span className={styles.brand}>Cairn</span>
        <NetworkSelector />
        <NetworkStatus />
      </header>
      <nav className={styles.nav} aria-label="Main">
        <ul>
          {screens.map((s) => (
            <li key={s.id}>
              <NavLink to={s.path} end={s.path === '/'}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className={styles.main} tabIndex={-1}>
        <NetworkProblem />
        <LocalChainNotice />
        <Suspense fallback={<p>Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** A button, not a "#main" link: with hash routing a fragment link would change the route. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
