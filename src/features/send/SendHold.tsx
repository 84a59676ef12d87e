import { useId } from 'react';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { acknowledgeAlarm } from '@/lib/verificationAlarm';

/**
 * In place of Send's form and reviews while proofs contradict the network's node and the person
 * has not acknowledged it: what a lying node can do to a transaction, and the acknowledgement.
 */
export function SendHold({ network }: { network: Network }) {
  const t = useT('send');
  const titleId = useId();
  return (
    <section className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('send:hold.title')}</h2>
      <p>{t('send:hold.body')}</p>
      <label className={ui.checkbox}>
        <input type="checkbox" onChange={(e) => e.target.checked && acknowledgeAlarm(network)} />
        <span>{t('send:hold.acknowledge')}</span>
      </label>
    </section>
  );
}
