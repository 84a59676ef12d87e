import { Link } from 'react-router';
import { Fiat } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import { type IconName, icons } from '@/components/icons';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { SkeletonLine } from '@/components/Skeleton';
import ui from '@/components/ui.module.css';
import { errorText } from '@/lib/errorMessages';
import { formatCount, formatPercent } from '@/lib/format';
import { useLinks } from '@/lib/links';
import type { usePortfolio } from '@/lib/usePortfolio';
import type { ValueChart } from '@/lib/useValueChart';
import styles from './home.module.css';

function age(seconds: number): string {
  const elapsed = Math.max(0, Math.round(Date.now() / 1000 - seconds));
  if (elapsed < 90) return `${elapsed} s ago`;
  if (elapsed < 5400) return `${Math.round(elapsed / 60)} min ago`;
  return `${Math.round(elapsed / 3600)} h ago`;
}

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
const STALE_BECAUSE: Partial<Record<ReturnType<typeof usePortfolio>['staleBecause'], string>> = {
  offline: 'Offline',
  node: 'The node is not answering',
  reading: 'Reading balances',
};

/** The total across visible accounts, its change over 24 hours, the balances' block, and the main actions. */
export function HomeSummary({ portfolio, chart }: { portfolio: ReturnType<typeof usePortfolio>; chart: ValueChart }) {
  const links = useLinks();
  const { network, accounts, view, snapshot, error, stale, staleBecause, nodeDown, offline, retry, retrying } =
    portfolio;
  const actions: { to: string; label: string; icon: IconName }[] = [
    { to: links.send, label: 'Send', icon: 'send' },
    { to: links.receive, label: 'Receive', icon: 'receive' },
    { to: links.sign, label: 'Sign', icon: 'sign' },
  ];
  const failed = !snapshot && error !== null && error !== undefined;
  // The first balances are on their way: shapes of the total's size, and the status line says so.
  const reading = !view && accounts.length > 0 && !failed && !nodeDown;
  return (
    <section className={styles.summary} aria-labelledby="total-label">
      <p id="total-label" className={styles.totalLabel}>
        Total on {network.name}
        {accounts.length > 1 && `, ${accounts.length} accounts`}
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
            <span className={ui.muted}>over 24 hours, at today’s holdings</span>
          </>
        ) : (
          <span className={ui.muted}>
            {view && chart.waitingFor === 'prices' ? 'Reading prices of 24 hours ago…' : ' '}
          </span>
        )}
      </p>
      {failed ? (
        <ErrorAlert
          message={`Balances could not be read: ${errorText(error)}`}
          action={{ label: 'Try again', onAction: retry, busy: retrying }}
        />
      ) : (
        // One status line from the first read on: what is being read, then the balances' block.
        // Announced while balances are read or old; the block number of fresh balances is not read out at every block.
        <p
          role={snapshot && !stale ? undefined : 'status'}
          className={stale ? ui.noticeWarning : `${ui.muted} ${styles.block}`}
        >
          {snapshot
            ? !stale
              ? `Balances at block ${formatCount(snapshot.blockNumber)}.`
              : `${STALE_BECAUSE[staleBecause] ?? `Balances could not be read (${errorText(error)})`}: showing balances from block ${formatCount(snapshot.blockNumber)}, ${age(snapshot.timestamp)}.`
            : reading
              ? 'Reading balances…'
              : nodeDown && accounts.length > 0
                ? offline
                  ? 'Offline: balances are read once the network returns.'
                  : 'Balances are read once the node answers.'
                : ''}
        </p>
      )}
      {stale && staleBecause === 'read' && (
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={retry}>
            {retrying ? 'Reading again…' : 'Try again'}
          </button>
        </div>
      )}
      {accounts.length === 0 && (
        <p>
          All accounts are hidden. <Link to={links.accounts}>Show one in Accounts</Link>.
        </p>
      )}
      <ul className={styles.actions} aria-label="Actions">
        {actions.map((a) => (
          <li key={a.label}>
            <Link to={a.to} className={styles.action}>
              <span className={styles.actionIcon}>{icons[a.icon]}</span>
              {a.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
