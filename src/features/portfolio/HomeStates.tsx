import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton, SkeletonCircle, SkeletonEnd, SkeletonLine, SkeletonRow } from '@/components/Skeleton';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { AssetsCard } from './AssetList';

const ROWS = [0, 1, 2, 3];

/**
 * The asset list while the first balances are read: its card and heading, and rows of the size
 * of the ones to come. The summary's status line says what is read, so these shapes say nothing.
 */
export function AssetsSkeleton() {
  return (
    <AssetsCard>
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
    </AssetsCard>
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
  const t = useT('portfolio');
  const links = useLinks();
  return (
    <EmptyState
      title={t('portfolio:nothing.title')}
      actions={
        <>
          <Link to={links.receive}>{t('portfolio:nothing.receive')}</Link>
          <button type="button" className={ui.secondary} onClick={onAddToken}>
            {t('portfolio:nothing.addToken')}
          </button>
        </>
      }
    >
      <p>
        <T
          id={several ? 'portfolio:nothing.several' : 'portfolio:nothing.one'}
          values={{
            symbol: untrustedValue(network.nativeCurrency.symbol, 'symbol'),
            network: untrustedValue(network.name, 'name'),
          }}
        />
      </p>
      <p className={ui.muted}>{t('portfolio:nothing.unlisted')}</p>
    </EmptyState>
  );
}
