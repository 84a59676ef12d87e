import { shortAddress } from '@/components/AddressText';
import { Amount, Fiat } from '@/components/Amount';
import { Identicon } from '@/components/Identicon';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { TokenIcon } from '@/components/TokenIcon';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { AccountView, AssetRow } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useSession } from '@/lib/session';
import styles from './portfolio.module.css';

/** A row's balance; its symbol's warning, if any, is already beside the asset's name. */
function BalanceCell({ row }: { row: AssetRow }) {
  if (row.balance === undefined) return <span className={ui.muted}>unreadable</span>;
  return <Amount value={row.balance} decimals={row.decimals} symbol={row.symbol} symbolWarning={false} />;
}

/** The asset's symbol and name, each shown as untrusted text. */
function AssetName({ row }: { row: AssetRow }) {
  return (
    <>
      <span className={styles.symbol}>
        <UntrustedText text={row.symbol} kind="symbol" />
      </span>{' '}
      <span className={ui.muted}>
        <UntrustedText text={row.name} kind="tokenName" />
      </span>
    </>
  );
}

export function AccountHoldings({
  account,
  holdings,
  network,
}: {
  account: Account;
  holdings: AccountView;
  network: Network;
}) {
  const addCustomToken = useSession((s) => s.addCustomToken);
  const setTokenHidden = useSession((s) => s.setTokenHidden);
  const titleId = `holdings-${account.id}`;
  const trust = (row: AssetRow) => {
    if (!row.token) return;
    const { address, name, symbol, decimals } = row.token;
    addCustomToken(network.id, { address, name, symbol, decimals });
  };
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby={titleId}>
      <header className={styles.accountHeader}>
        <Identicon address={account.address} size={28} />
        <h2 id={titleId}>{account.name}</h2>
        <span className={ui.muted}>{shortAddress(account.address)}</span>
        {account.demo && <PublicKeyBadge />}
        <span className={styles.accountTotal}>
          {holdings.hasPrices ? <Fiat value={holdings.total} /> : <span className={ui.muted}>no prices</span>}
        </span>
      </header>
      <table className={styles.table}>
        <caption className="visually-hidden">Assets of {account.name}</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Balance</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {holdings.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <TokenIcon chainId={network.chainId} token={row.token?.address ?? 'native'} symbol={row.symbol} />{' '}
                <AssetName row={row} />
              </th>
              <td>
                <BalanceCell row={row} />
              </td>
              <td>
                <Fiat value={row.value} />
                {row.priceStale && <span className={ui.muted}> (old price)</span>}
              </td>
              <td>
                {row.token && (
                  <button
                    type="button"
                    className={ui.secondary}
                    onClick={() => setTokenHidden(network.id, row.key, true)}
                    aria-label={`Hide ${untrustedLabel(row.symbol, 'symbol')}`}
                  >
                    Hide
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {holdings.spam.length > 0 && (
        <details className={styles.spam}>
          <summary>
            {holdings.spam.length === 1 ? '1 token' : `${holdings.spam.length} tokens`} you did not add — possibly spam,
            not counted
          </summary>
          <p className={ui.muted}>
            These tokens were sent to this account without being asked for. Spam tokens often carry a website in their
            name to lure you: do not visit it, and do not try to sell them.
          </p>
          <ul className={styles.spamList}>
            {holdings.spam.map((row) => (
              <li key={row.key}>
                <span className={styles.spamName}>
                  <UntrustedText text={row.symbol} kind="symbol" /> — <UntrustedText text={row.name} kind="tokenName" />
                </span>{' '}
                <BalanceCell row={row} />
                <span className={ui.actions}>
                  {row.token && (
                    <button type="button" className={ui.secondary} onClick={() => trust(row)}>
                      Trust {untrustedLabel(row.symbol, 'symbol')}
                    </button>
                  )}
                  <button
                    type="button"
                    className={ui.secondary}
                    onClick={() => setTokenHidden(network.id, row.key, true)}
                  >
                    Hide {untrustedLabel(row.symbol, 'symbol')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
