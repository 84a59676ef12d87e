import { shortAddress } from '@/components/AddressText';
import { Fiat } from '@/components/Amount';
import { Identicon } from '@/components/Identicon';
import { LtrText } from '@/components/LtrText';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { Truncated } from '@/components/Truncated';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { AccountView } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { HoldingsTable } from './HoldingsTable';
import { OpenApprovals } from './OpenApprovals';
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
  const t = useT('portfolio');
  const titleId = `holdings-${account.id}`;
  return (
    <section className={`${ui.card} ${styles.account}`} aria-labelledby={titleId}>
      <header className={styles.accountHeader}>
        <Identicon address={account.address} size={28} />
        <h2 id={titleId} className={styles.accountName}>
          <Truncated text={account.name} />
        </h2>
        <span className={ui.muted}>
          <LtrText>{shortAddress(account.address)}</LtrText>
        </span>
        {account.demo && <PublicKeyBadge />}
        <span className={styles.accountTotal}>
          {holdings.hasPrices ? (
            <Fiat value={holdings.total} />
          ) : (
            <span className={ui.muted}>{t('portfolio:assets.noPrices')}</span>
          )}
        </span>
      </header>
      <OpenApprovals network={network} account={account} named={false} />
      <HoldingsTable
        caption={t('portfolio:assets.captionAccount', { account: untrustedValue(account.name, 'name') })}
        rows={holdings.rows}
        network={network}
      />
      <SpamTokens rows={holdings.spam} network={network} />
    </section>
  );
}
