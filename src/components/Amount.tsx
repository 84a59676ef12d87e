import { untrustedText } from '@/core/text/untrustedText';
import { amountInputText, intlLocale, useLocale, useT } from '@/lib/i18n';
import { fiatText, formatAmount } from '@/lib/i18n/format';
import styles from './Amount.module.css';
import { HiddenTextWarning } from './UntrustedText';

/**
 * The one place amounts become text. Shows a rounded-down display value; the exact value is
 * in the tooltip and is what assistive technology reads. The symbol comes from a token contract,
 * so it is shown as untrusted text, with its warning unless `symbolWarning` is false because the
 * asset is named with one beside it. Data, never translated (`translate="no"`).
 */
export function Amount({
  value,
  decimals,
  symbol,
  symbolWarning = true,
  full = false,
}: {
  value: bigint;
  decimals: number;
  symbol: string;
  symbolWarning?: boolean;
  /** Every digit shown, not only in the tooltip: where the exact amount is the point (previews). */
  full?: boolean;
}) {
  const shown = untrustedText(symbol, 'symbol');
  // The provider's language, not the installed runtime's (a window may show another).
  const locale = useLocale();
  // Every digit, with the language's decimal separator and no grouping (as amounts are typed).
  const digits = amountInputText(value, decimals, locale);
  const exact = `${digits} ${shown.text}`;
  return (
    <span title={exact} className={styles.amount} data-amount="" translate="no">
      <span className="visually-hidden">{exact}</span>
      <span aria-hidden="true">
        {full ? digits : formatAmount(value, decimals, { locale: intlLocale(locale) })} <bdi>{shown.text}</bdi>
      </span>
      {symbolWarning && shown.hidden && <HiddenTextWarning />}
    </span>
  );
}

/** A US-dollar value (18 decimals, from the on-chain price feeds), or a dash without a price. */
export function Fiat({ value, approximate = false }: { value: bigint | undefined; approximate?: boolean }) {
  const t = useT();
  const locale = useLocale();
  if (value === undefined) {
    return (
      <span title={t('common:amount.noPriceFeed')}>
        <span className="visually-hidden">{t('common:amount.noPrice')}</span>
        <span aria-hidden="true">—</span>
      </span>
    );
  }
  const text = `${approximate ? '≈ ' : ''}${fiatText(value, intlLocale(locale))}`;
  return (
    <span className={styles.amount} data-amount="" translate="no">
      {text}
    </span>
  );
}
