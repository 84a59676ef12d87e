import { CodeText } from '@/components/CodeText';
import { UntrustedText } from '@/components/UntrustedText';
import type { DecodedValue } from '@/core/contracts/decode/values';
import styles from './contracts.module.css';

/**
 * Decoded values in ABI order: each one's name and type, then its exact text. A list of terms
 * rather than a table, so long values and tuple types wrap at 360 px.
 */
export function ValueList({ values }: { values: readonly DecodedValue[] }) {
  return (
    <dl className={styles.values}>
      {values.map((value, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: values keep their ABI order
        <div key={i} className={styles.valueRow}>
          <dt>
            {value.name && (
              <span className={styles.valueName}>
                <UntrustedText text={value.name} kind="whole" />{' '}
              </span>
            )}
            <CodeText className={styles.valueType}>{value.type}</CodeText>
          </dt>
          <dd className={styles.value}>
            <UntrustedText text={value.text} kind="whole" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
