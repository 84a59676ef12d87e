import { Fiat } from '@/components/Amount';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { errorText } from '@/lib/errorMessages';
import { formatCount } from '@/lib/format';
import { useSession } from '@/lib/session';
import { usePortfolio } from '@/lib/usePortfolio';
import { AccountHoldings } from './AccountHoldings';
import { ManageTokens } from './ManageTokens';
import styles from './portfolio.module.css';

function age(seconds: number): string {
  const elapsed = Math.max(0, Math.round(Date.now() / 1000 - seconds));
  if (elapsed < 90) return `${elapsed} s ago`;
  if (elapsed < 5400) return `${Math.round(elapsed / 60)} min ago`;
  return `${Math.round(elapsed / 3600)} h ago`;
}

export function PortfolioScreen() {
  const { network, accounts, view, snapshot, error, loading, stale, staleBecause } = usePortfolio();
  const hideZero = useSession((s) => s.hideZeroBalances);
  const setHideZero = useSession((s) => s.setHideZeroBalances);

  return (
    <Screen title="Portfolio">
      <div className={styles.summary}>
        <p className={styles.total}>
          <span>All accounts on {network.name}</span> <strong>{view ? <Fiat value={view.total} /> : '…'}</strong>
        </p>
        {snapshot && (
          <p role="status" className={stale ? ui.noticeWarning : ui.muted}>
            {!stale
              ? `Balances at block ${formatCount(snapshot.blockNumber)}.`
              : `${staleBecause === 'node' ? 'The node is not answering' : `Balances could not be read (${errorText(error)})`}: showing balances from block ${formatCount(snapshot.blockNumber)}, ${age(snapshot.timestamp)}.`}
          </p>
        )}
        {!snapshot && error && (
          <p role="alert" className={ui.noticeDanger}>
            {errorText(error)}
          </p>
        )}
        {loading && !error && <p className={ui.muted}>Reading balances…</p>}
        <label className={ui.checkbox}>
          <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} />
          <span>Hide tokens with a zero balance</span>
        </label>
      </div>
      {accounts.length === 0 && <p>All accounts are hidden. Show one from Accounts.</p>}
      {view?.accounts.map((holdings) => {
        const account = accounts.find((a) => a.address === holdings.address);
        return account ? (
          <AccountHoldings key={account.id} account={account} holdings={holdings} network={network} />
        ) : null;
      })}
      <ManageTokens network={network} />
    </Screen>
  );
}
