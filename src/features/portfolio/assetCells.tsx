import { Amount } from '@/components/Amount';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { AssetRow } from '@/core/assets/portfolioView';
import { useT } from '@/lib/i18n';
import styles from './portfolio.module.css';

/**
 * A row's balance, and what a proof says of it when verification is on: a mark when proven or
 * not proven (saying which to assistive technology; the verification line under the total says
 * why), and a contradicted claim struck through beside the proven balance. Its symbol's warning, if any, is already beside the name.
 */
export function BalanceCell({ row }: { row: AssetRow }) {
  const t = useT('portfolio');
  if (row.balance === undefined) return <span className={ui.muted}>{t('portfolio:holdings.unreadable')}</span>;
  const amount = (value: bigint, full = false) => (
    <Amount value={value} decimals={row.decimals} symbol={row.symbol} symbolWarning={false} full={full} />
  );
  const check = row.check;
  if (check?.state === 'contradicted')
    return (
      <span className={styles.contradicted}>
        <del>
          <span className="visually-hidden">{t('portfolio:check.nodeSaid')} </span>
          {amount(check.claimed, true)}
        </del>{' '}
        <ins>
          <span className="visually-hidden">{t('portfolio:check.proofSays')} </span>
          {amount(row.balance, true)}
        </ins>
      </span>
    );
  if (!check) return amount(row.balance);
  const said =
    check.state === 'verified' ? (
      t('portfolio:check.verified', { block: check.block.toString() })
    ) : (
      <T id="portfolio:check.unverified" values={{ reason: check.reason }} />
    );
  return (
    <>
      {amount(row.balance)}{' '}
      <span className={check.state === 'verified' ? styles.proven : styles.unproven}>
        <span aria-hidden="true">{check.state === 'verified' ? '✓' : '?'}</span>
        <span className="visually-hidden">{said}</span>
      </span>
    </>
  );
}

/** The asset's symbol and name, each shown as untrusted text. */
export function AssetName({ row }: { row: AssetRow }) {
  return (
    <>
      <span className={styles.symbol}>
        <UntrustedText text={row.symbol} kind="symbol" />
      </span>{' '}
      <span className={`${ui.muted} ${styles.assetName}`}>
        <UntrustedText text={row.name} kind="tokenName" truncate />
      </span>
    </>
  );
}
