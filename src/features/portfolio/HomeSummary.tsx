import { Link } from 'react-router';
import { Fiat } from '@/components/Amount';
import { type IconName, icons } from '@/components/icons';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
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

/** The total across visible accounts, its change over 24 hours, the balances' block, and the main actions. */
export function HomeSummary({ portfolio, chart }: { portfolio: ReturnType<typeof usePortfolio>; chart: ValueChart }) {
  const links = useLinks();
  const { network, accounts, view, snapshot, error, loading, stale, staleBecause } = portfolio;
  const actions: { to: string; label: string; icon: IconName }[] = [
    { to: links.send, label: 'Send', icon: 'send' },
    { to: links.receive, label: 'Receive', icon: 'receive' },
    { to: links.sign, label: 'Sign', icon: 'sign' },
  ];
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
        {view ? <Fiat value={view.total} /> : <span className={styles.totalSkeleton}>Reading balances…</span>}
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
      {snapshot && !stale && (
        <p className={`${ui.muted} ${styles.block}`}>Balances at block {formatCount(snapshot.blockNumber)}.</p>
      )}
      {snapshot && stale && (
        <p role="status" className={ui.noticeWarning}>
          {`${staleBecause === 'node' ? 'The node is not answering' : `Balances could not be read (${errorText(error)})`}: showing balances from block ${formatCount(snapshot.blockNumber)}, ${age(snapshot.timestamp)}.`}
        </p>
      )}
      {!snapshot && error && (
        <p role="alert" className={ui.noticeDanger}>
          {errorText(error)}
        </p>
      )}
      {accounts.length === 0 && !loading && <p>All accounts are hidden. Show one from Accounts.</p>}
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
