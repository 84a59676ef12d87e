import { shortAddress } from '@/components/AddressText';
import { Fiat } from '@/components/Amount';
import { Identicon } from '@/components/Identicon';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { Truncated } from '@/components/Truncated';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { AccountView } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { HoldingRow } from './HoldingRow';
import styles from './portfolio.module.css';
import { SpamTokens } from './SpamTokens';

export function AccountHoldings({
  account,
  holdings,
  network,
}: {
  account: Account;
  holdings: AccountView;
  network: Network;
}) {
  const titleId = `holdings-${account.id}`;
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby={titleId}>
      <header className={styles.accountHeader}>
        <Identicon address={account.address} size={28} />
        <h2 id={titleId} className={styles.accountName}>
          <Truncated text={account.name} />
        </h2>
        <span className={ui.muted}>{shortAddress(account.address)}</span>
        {account.demo && <PublicKeyBadge />}
        <span className={styles.accountTotal}>
          {holdings.hasPrices ? <Fiat value={holdings.total} /> : <span className={ui.muted}>no prices</span>}
        </span>
      </header>
      <table className={ui.table}>
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
            <HoldingRow key={row.key} row={row} network={network} />
          ))}
        </tbody>
      </table>
      <SpamTokens rows={holdings.spam} network={network} />
    </section>
  );
}
