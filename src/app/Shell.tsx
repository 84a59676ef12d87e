import type { ReactNode } from 'react';
import { LocalChainNotice } from '@/features/network/LocalChainNotice';
import { NetworkSelector } from '@/features/network/NetworkSelector';
import { useChainWatch } from './chainWatchLoader';
import styles from './Shell.module.css';

type ShellProps = {
  /** What the header holds besides the brand and the network (the account, search). */
  header?: ReactNode;
  nav?: ReactNode;
  /** Notices above the screen besides the network's. */
  notices?: ReactNode;
  children: ReactNode;
};

/** The frame around every screen, locked or unlocked: header, navigation, notices, the screen. */
export function Shell({ header, nav, notices, children }: ShellProps) {
  const chain = useChainWatch();
  return (
    <div className={styles.shell}>
      <button type="button" className={styles.skipLink} onClick={skipToMain}>
        Skip to content
      </button>
      <header className={styles.header}>
        <span className={styles.brand}>Cairn</span>
        <NetworkSelector />
        {chain && <chain.ChainStatus />}
        {header}
      </header>
      {nav}
      <main id="main" className={styles.main} tabIndex={-1}>
        {chain && <chain.ChainProblem />}
        <LocalChainNotice />
        {notices}
        {children}
      </main>
    </div>
  );
}

/** A button, not a "#main" link: with hash routing a fragment link would change the route. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
