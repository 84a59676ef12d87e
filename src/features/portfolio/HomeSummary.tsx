import { Link } from 'react-router';
import { Fiat } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { SkeletonLine } from '@/components/Skeleton';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type MessageId, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { formatPercent } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import type { usePortfolio } from '@/lib/portfolio/usePortfolio';
import type { ValueChart } from '@/lib/portfolio/useValueChart';
import { HomeActions } from './HomeActions';
import styles from './home.module.css';
import { staleAge } from './staleAge';
import { VerificationLine } from './VerificationLine';

/** Below a cent a change shows as none. */
const CENT = 10n ** 16n;

/** A signed dollar change and its percentage of the value before, e.g. "+$12.30 (+0.42%)". */
function Change({ change, before }: { change: bigint; before: bigint }) {
  const magnitude = change < 0n ? -change : change;
  const none = magnitude < CENT;
  const sign = none ? '' : change > 0n ? '+' : '−';
  const percent = formatPercent(none ? 0n : magnitude, before, 2);
  const tone = none ? '' : change > 0n ? styles.up : styles.down;
  return (
    <span className={tone}>
      {sign}
      <Fiat value={none ? 0n : magnitude} />
      {percent && ` (${sign}${percent})`}
    </span>
  );
}

/** Why balances on screen are old, in words (a failed read says its error instead). */
const STALE_BECAUSE: Partial<Record<ReturnType<typeof usePortfolio>['staleBecause'], MessageId>> = {
  offline: 'portfolio:summary.staleBecause.offline',
  node: 'portfolio:summary.staleBecause.node',
  reading: 'portfolio:summary.staleBecause.reading',
};

/** The total across visible accounts, its change over 24 hours, the balances' block, and the main actions. */
export function HomeSummary({ portfolio, chart }: { portfolio: ReturnType<typeof usePortfolio>; chart: ValueChart }) {
  const t = useT('portfolio');
  const links = useLinks();
  const { network, accounts, view, snapshot, error, stale, staleBecause, nodeDown, offline, retry, retrying } =
    portfolio;
  const staleWhy = STALE_BECAUSE[staleBecause];
  const failed = !snapshot && error !== null && error !== undefined;
  // The first balances are on their way: shapes of the total's size, and the status line says so.
  const reading = !view && accounts.length > 0 && !failed && !nodeDown;
  return (
    <section className={styles.summary} aria-labelledby="total-label">
      <p id="total-label" className={styles.totalLabel}>
        {accounts.length > 1 ? (
          <T
            id="portfolio:summary.totalAccounts"
            values={{ network: untrustedValue(network.name, 'name'), count: accounts.length }}
          />
        ) : (
          <T id="portfolio:summary.total" values={{ network: untrustedValue(network.name, 'name') }} />
        )}
        {accounts.some((a) => a.demo) && (
          <>
            {' '}
            <PublicKeyBadge />
          </>
        )}
      </p>
      <p className={styles.total}>
        {view ? (
          <Fiat value={view.total} />
        ) : reading ? (
          <SkeletonLine width="md" fill="line" />
        ) : (
          <span className={styles.totalUnknown} aria-hidden="true">
            —
          </span>
        )}
      </p>
      <p className={styles.change}>
        {chart.change24h ? (
          <>
            <Change change={chart.change24h.change} before={chart.change24h.before} />{' '}
            <span className={ui.muted}>{t('portfolio:summary.over24h')}</span>
          </>
        ) : (
          <span className={ui.muted}>
            {view && chart.waitingFor === 'prices' ? t('portfolio:summary.readingOldPrices') : ' '}
          </span>
        )}
      </p>
      {failed ? (
        <ErrorAlert
          message={msg('portfolio:summary.readFailed', { error: errorMessage(error) })}
          action={{ label: t('portfolio:summary.tryAgain'), onAction: retry, busy: retrying }}
        />
      ) : (
        // One status line from the first read on: what is being read, then the balances' block.
        // Announced while balances are read or old; the block number of fresh balances is not read out at every block.
        <p
          role={snapshot && !stale ? undefined : 'status'}
          className={stale ? ui.noticeWarning : `${ui.muted} ${styles.block}`}
        >
          {snapshot ? (
            !stale ? (
              t('portfolio:summary.atBlock', { block: snapshot.blockNumber })
            ) : (
              <T
                id="portfolio:summary.stale"
                values={{
                  why:
                    staleWhy === undefined
                      ? msg('portfolio:summary.staleBecause.failed', { error: errorMessage(error) })
                      : { id: staleWhy },
                  block: snapshot.blockNumber,
                  age: staleAge(snapshot.timestamp),
                }}
              />
            )
          ) : reading ? (
            t('portfolio:summary.reading')
          ) : nodeDown && accounts.length > 0 ? (
            offline ? (
              t('portfolio:summary.offline')
            ) : (
              t('portfolio:summary.nodeDown')
            )
          ) : (
            ''
          )}
        </p>
      )}
      {stale && staleBecause === 'read' && (
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={retry}>
            {retrying ? t('portfolio:summary.readingAgain') : t('portfolio:summary.tryAgain')}
          </button>
        </div>
      )}
      {accounts.length === 0 && (
        <p>
          <T id="portfolio:summary.allHidden" tags={{ 0: <Link to={links.accounts} /> }} />
        </p>
      )}
      <HomeActions />
      {/* Below the actions: a line that comes with the first check never moves them. */}
      {portfolio.checks && !stale && <VerificationLine check={portfolio.checks} network={network} />}
    </section>
  );
}
