import { useId } from 'react';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { useVerifier } from '@/lib/verify/verifierContext';
import ui from './ui.module.css';

/**
 * Whether sending on `network` is held: proofs contradicted its node, and the person has not
 * acknowledged it (in any window). The same rule as the gate every send passes
 * (core/verify/sendingGate.ts): a screen shows the hold before Confirm, the gate refuses after.
 */
export { useSendingHeld } from '@/lib/verify/verificationAlarm';

/**
 * In place of what would send (Send's form and reviews, Swap, a site's transaction, Revoke, the
 * smart-account upgrade and undo, a Safe's confirmation on-chain and execution, the Broadcast
 * tool) while sending on `network` is held: what a lying node can do to a transaction, and the
 * acknowledgement.
 */
export function VerificationHold({ network }: { network: Network }) {
  const t = useT('common');
  const titleId = useId();
  const verifier = useVerifier();
  return (
    <section className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('common:hold.title')}</h2>
      <p>{t('common:hold.body')}</p>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          onChange={(e) => {
            if (!e.target.checked) return;
            verifier.acknowledge(network);
            // The hold gives way to what it held: focus goes to the screen's heading, not to nowhere.
            requestAnimationFrame(() => document.getElementById('screen-title')?.focus({ preventScroll: true }));
          }}
        />
        <span>{t('common:hold.acknowledge')}</span>
      </label>
    </section>
  );
}
