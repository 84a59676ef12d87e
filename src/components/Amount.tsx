import { formatAmount, toDecimalString } from '@/lib/format';
import styles from './Amount.module.css';

/**
 * The one place amounts become text. Shows a rounded-down display value; the exact value is
 * in the tooltip and is what assistive technology reads.
 */
export function Amount({ value, decimals, symbol }: { value: bigint; decimals: number; symbol: string }) {
  const exact = `${toDecimalString(value, decimals)} ${symbol}`;
  return (
    <span title={exact} className={styles.amount}>
      <span className="visually-hidden">{exact}</span>
      <span aria-hidden="true">
        {formatAmount(value, decimals)} {symbol}
      </span>
    </span>
  );
}
