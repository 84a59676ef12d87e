import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import styles from './safe.module.css';

/**
 * What an import or a paste refused, each with why, in the order given (a signer may repeat);
 * headed by their count when `counted`. Nothing when nothing was refused.
 */
export function RefusedList({ refused, counted }: { refused: readonly Message[]; counted: boolean }) {
  const t = useT('safe');
  if (refused.length === 0) return null;
  return (
    <>
      {counted && <p className={ui.flush}>{t('safe:import.refused', { count: refused.length })}</p>}
      <ul className={styles.refused}>
        {refused.map((refusal, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: refusals in the order given, which may repeat
          <li key={i}>
            <T message={refusal} />
          </li>
        ))}
      </ul>
    </>
  );
}
