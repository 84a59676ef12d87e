import { Amount, Fiat } from '@/components/Amount';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { AssetRow } from '@/core/assets/portfolioView';
import { amountValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import styles from './portfolio.module.css';

/**
 * A row's balance, and what a proof says of it when verification is on: a mark when proven or
 * not proven (saying which to assistive technology; the verification line under the total says
 * why), a contradicted claim struck through beside the proven balance, and a moved one (the node
 * gives another at its head) as the proven balance with its block, the node's figure beside it. Its symbol's warning, if any, is already beside the name.
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
  // The balance proven at the trusted block, marked with it; the node's figure at its head beside,
  // not proven yet (headClaims.ts holds the node to it).
  if (check.state === 'moved')
    return (
      <>
        {amount(row.balance)}{' '}
        <span className={styles.proven}>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">{t('portfolio:check.verified', { block: check.block.toString() })}</span>
        </span>{' '}
        <small className={ui.muted}>
          <T
            id="portfolio:check.moved"
            values={{
              claimed: amountValue(check.claimed, row.decimals, row.symbol, { full: true }),
              at: check.at.toString(),
            }}
          />
        </small>
      </>
    );
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

/**
 * A row's value, marked when its price is old or was its parent network's (an L2 priced from
 * Ethereum's feed while its sequencer is not up); with no value where Cairn holds back a price it
 * knows (core/assets/l2Pricing.ts), the sentence saying why, in place of the value.
 */
export function ValueCell({ row }: { row: AssetRow }) {
  const t = useT('portfolio');
  if (row.noPrice)
    return (
      <small className={ui.muted}>
        <T message={row.noPrice} />
      </small>
    );
  return (
    <>
      <Fiat value={row.value} />
      {row.priceStale && <span className={ui.muted}>{` ${t('portfolio:holdings.oldPrice')}`}</span>}
      {row.priceFrom === 'parent' && <span className={ui.muted}>{` ${t('common:amount.parentPrice')}`}</span>}
    </>
  );
}
