import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton, SkeletonEnd, SkeletonLine, SkeletonRow } from '@/components/Skeleton';
import { T } from '@/components/T';
import { nativeSourceFor } from '@/core/activity/activityStore';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
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
  const t = useT('activity');
  const links = useLinks();
  const native = nativeSourceFor(network, hasExplorer);
  const symbol = untrustedValue(network.nativeCurrency.symbol, 'symbol');
  const name = untrustedValue(network.name, 'name');
  return (
    <EmptyState
      title={t('activity:empty.title')}
      actions={
        <>
          <Link to={links.receive}>{t('activity:empty.receive')}</Link>
          {native === 'none' && <Link to={links.historyExplorers}>{t('activity:empty.setUpExplorer')}</Link>}
        </>
      }
    >
      <p>
        <T id="activity:empty.builtFrom" values={{ sources: historySources(native), network: name }} />
      </p>
      {native === 'none' && (
        <p>
          <T id="activity:empty.nativeUntracked" values={{ symbol, network: name }} />
        </p>
      )}
    </EmptyState>
  );
}

/** No transaction on any network listed: what brings the first one. */
export function NoHistoryAcross() {
  const t = useT('activity');
  const links = useLinks();
  return (
    <EmptyState
      title={t('activity:empty.title')}
      actions={<Link to={links.receive}>{t('activity:empty.receive')}</Link>}
    >
      <p>{t('activity:empty.acrossNetworks')}</p>
    </EmptyState>
  );
}
