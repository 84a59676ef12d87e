import { Amount } from '@/components/Amount';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { AssetRow } from '@/core/assets/portfolioView';
import { useT } from '@/lib/i18n';
import styles from './portfolio.module.css';

/** A row's balance; its symbol's warning, if any, is already beside the asset's name. */
export function BalanceCell({ row }: { row: AssetRow }) {
  const t = useT('portfolio');
  if (row.balance === undefined) return <span className={ui.muted}>{t('portfolio:holdings.unreadable')}</span>;
  return <Amount value={row.balance} decimals={row.decimals} symbol={row.symbol} symbolWarning={false} />;
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
