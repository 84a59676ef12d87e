import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton, SkeletonEnd, SkeletonLine, SkeletonRow } from '@/components/Skeleton';
import { nativeSourceFor } from '@/core/activity/activityStore';
import type { Network } from '@/core/chain/networks';
import { useLinks } from '@/lib/links';
import styles from './activity.module.css';
import { historySources } from './historySources';

const ENTRIES = [0, 1, 2, 3, 4, 5];

/**
 * The history list while the stored history is read (and before a first sync): the list's box
 * at its own size, with entries in shapes. The screen's status line says what is being read.
 */
export function HistorySkeleton() {
  return (
    <div className={`${styles.scroller} ${styles.skeleton}`}>
      <Skeleton>
        <SkeletonLine width="md" />
        {ENTRIES.map((entry) => (
          <span key={entry} className={styles.skeletonEntry}>
            <SkeletonRow>
              <SkeletonLine width="lg" />
              <SkeletonEnd>
                <SkeletonLine width="sm" />
              </SkeletonEnd>
            </SkeletonRow>
            <SkeletonLine width="sm" />
          </span>
        ))}
      </Skeleton>
    </div>
  );
}

/** No transaction in the history: what it is built from, and what brings the first one. */
export function NoHistory({ network, hasExplorer }: { network: Network; hasExplorer: boolean }) {
  const links = useLinks();
  const native = nativeSourceFor(network, hasExplorer);
  const symbol = network.nativeCurrency.symbol;
  return (
    <EmptyState
      title="No transactions yet"
      actions={
        <>
          <Link to={links.receive}>Receive</Link>
          {native === 'none' && <Link to={links.historyExplorers}>Set up a history explorer</Link>}
        </>
      }
    >
      <p>
        This history is built from {historySources(native)}. A transaction appears here as soon as this account sends or
        receives on {network.name}; receive some to begin.
      </p>
      {native === 'none' && (
        <p>
          {symbol} that others send to this account leaves no trace in the node’s logs: on {network.name} it is found
          only through an explorer API with your own key, set up in Settings → History explorers.
        </p>
      )}
    </EmptyState>
  );
}
