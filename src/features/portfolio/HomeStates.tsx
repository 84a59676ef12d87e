import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton, SkeletonCircle, SkeletonEnd, SkeletonLine, SkeletonRow } from '@/components/Skeleton';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { useLinks } from '@/lib/links';
import styles from './portfolio.module.css';

const ROWS = [0, 1, 2, 3];

/**
 * The asset list while the first balances are read: its card and heading, and rows of the size
 * of the ones to come. The summary's status line says what is read, so these shapes say nothing.
 */
export function AssetsSkeleton() {
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby="assets-title">
      <h2 id="assets-title" className={styles.listTitle}>
        Assets
      </h2>
      <Skeleton>
        <SkeletonLine width="lg" />
        {ROWS.map((row) => (
          <SkeletonRow key={row}>
            <SkeletonCircle />
            <SkeletonLine width="sm" />
            <SkeletonEnd>
              <SkeletonLine width="xs" />
            </SkeletonEnd>
          </SkeletonRow>
        ))}
      </Skeleton>
    </section>
  );
}

/** No coin and no token in the accounts shown: how to get some, or add a token Cairn does not list. */
export function NothingHereYet({
  network,
  several,
  onAddToken,
}: {
  network: Network;
  several: boolean;
  onAddToken: () => void;
}) {
  const links = useLinks();
  return (
    <EmptyState
      title="Nothing here yet"
      actions={
        <>
          <Link to={links.receive}>Receive</Link>
          <button type="button" className={ui.secondary} onClick={onAddToken}>
            Add a token
          </button>
        </>
      }
    >
      <p>
        {several ? 'These accounts hold' : 'This account holds'} no {network.nativeCurrency.symbol} and none of the
        tokens Cairn knows on {network.name}. To begin, receive some: Receive shows the address and its QR code to give
        to the sender.
      </p>
      <p className={ui.muted}>
        Holding a token Cairn does not list? Add it by its contract address and its balance shows here.
      </p>
    </EmptyState>
  );
}
