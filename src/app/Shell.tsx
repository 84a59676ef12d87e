import type { ReactNode } from 'react';
import { icons } from '@/components/icons';
import { NetworkMenu } from '@/features/network/NetworkMenu';
import { useChainWatch } from './chainWatchLoader';
import styles from './Shell.module.css';

/** Cairn's name, the same in every language. */
const BRAND = 'Cairn';

type ShellProps = {
  /** What the header holds after the network (search, the account). */
  header?: ReactNode;
  /** Links under the network menu's list (managing networks, once unlocked). */
  networkFooter?: (close: () => void) => ReactNode;
  nav?: ReactNode;
  /** Notices above the screen besides the network's. */
  notices?: ReactNode;
  children: ReactNode;
};

/**
 * The frame around every screen, locked or unlocked: one header row (mark, network, status, then
 * the header's own parts), the navigation, notices and the screen.
 */
export function Shell({ header, networkFooter, nav, notices, children }: ShellProps) {
  const chain = useChainWatch();
  return (
    <ShellFrame
      network={
        <>
          <NetworkMenu dot={chain && <chain.ChainDot />} footer={networkFooter} />
          {chain && <chain.ChainStatus />}
        </>
      }
      header={header}
      nav={nav}
      notices={
        <>
          {chain && <chain.ChainProblem />}
          {notices}
        </>
      }
    >
      {children}
    </ShellFrame>
  );
}

/**
 * The shell's markup alone, with no state: the first-screen shells pre-rendered into index.html
 * at build time (src/app/firstScreen) are this frame too.
 */
export function ShellFrame({
  network,
  header,
  nav,
  notices,
  children,
}: Pick<ShellProps, 'header' | 'nav' | 'notices' | 'children'> & { network?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <span className={styles.brand}>
          {icons.cairn}
          <span className={styles.brandName} translate="no">
            {BRAND}
          </span>
        </span>
        {network}
        <span className={styles.spacer} />
        {header}
      </header>
      <div className={styles.body}>
        {nav}
        <main id="main" className={styles.main} tabIndex={-1}>
          {notices}
          {children}
        </main>
      </div>
    </div>
  );
}
