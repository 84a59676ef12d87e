import { CodeText } from '@/components/CodeText';
import { UntrustedText } from '@/components/UntrustedText';
import { type DecodedValue, inlineText, readsAsCode } from '@/core/contracts/decode/values';
import { useT } from '@/lib/i18n';
import styles from './explorer.module.css';

/** Decoded arguments as a name / type / value table, values exact (no rounding). */
export function DecodedArgs({ args }: { args: readonly DecodedValue[] }) {
  const t = useT('explorer');
  if (args.length === 0) return <p>{t('explorer:args.none')}</p>;
  return (
    <table className={styles.args}>
      <thead>
        <tr>
          <th scope="col">{t('explorer:args.name')}</th>
          <th scope="col">{t('explorer:args.type')}</th>
          <th scope="col">{t('explorer:args.value')}</th>
        </tr>
      </thead>
      <tbody>
        {args.map((arg, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: arguments keep their ABI order
          <tr key={i}>
            <td>
              <UntrustedText text={arg.name} kind="whole" />
            </td>
            <td>
              <CodeText>{arg.type}</CodeText>
            </td>
            <td className={styles.value}>
              {readsAsCode(arg.type) ? (
                <CodeText>{inlineText(arg)}</CodeText>
              ) : (
                <UntrustedText text={inlineText(arg)} kind="whole" />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
